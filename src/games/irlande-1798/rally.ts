/**
 * Phase F, rally (rulebook 10): one die per routed unit against its quality. French (blue) units rally
 * by themselves; a United Irishmen unit that fails disbands; an English unit that fails routs again.
 * A unit that rallies in a victory hex takes it for its side (13.2: control.ts, occupyHex).
 */
import { occupyHex } from './control.js';
import { logText, registerPhase, startTasks } from './flow.js';
import { publicName } from './hidden.js';
import { eliminate } from './losses.js';
import { rulesOf } from './map.js';
import type { Task } from './state.js';

registerPhase('F', (s, env) => {
  const rules = rulesOf(env);
  const routs: Task[] = [];
  for (const side of ['French', 'English'] as const) {
    for (const u of rules.units) {
      const st = s.units[u.id];
      if (u.side !== side || st.place !== 'map' || !st.routed) continue;
      if (u.band === 'french') {
        st.routed = false;
        logText(env, `${publicName(s, rules, u.id, true)} rallies (French units rally automatically).`, 'good', side);
        occupyHex(s, rules, st.hex!, side, (text, tone) => logText(env, text, tone, side));
        continue;
      }
      const roll = env.dice.roll(6, `Rally of ${u.name}, quality ${u.quality}`);
      // The die and the quality are in the roll's line; the result line says only what happens (muster odds).
      if (roll <= u.quality) {
        st.routed = false;
        logText(env, `${u.name} rallies.`, 'good', side);
        occupyHex(s, rules, st.hex!, side, (text, tone) => logText(env, text, tone, side));
      } else if (u.band === 'united-irishmen') {
        logText(env, `${u.name} fails to rally and disbands.`, 'bad', side);
        eliminate(s, rules, u.id, env);
      } else {
        logText(env, `${u.name} fails to rally and routs again.`, 'bad', side);
        routs.push({
          kind: 'rout',
          unit: u.id,
          left: u.type === 'cavalry' ? rules.rout.cavalry : rules.rout.infantry,
          visited: [],
          why: 'Failed rally',
        });
      }
    }
  }
  startTasks(s, routs, 'next-phase');
});
