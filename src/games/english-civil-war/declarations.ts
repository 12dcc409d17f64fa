/**
 * Declarations Phase (rulebook: Declarations Phase): Strategic Blunder, the secret simultaneous
 * declarations, Tracked Down, and the defender's three choices; the attacker may decline a siege
 * (rulebook: Siege Segment).
 */
import type { ChoiceOption, GameEnv } from '../../engine/module.js';
import { beginPhase, gameLog, phaseLog, Question, registerPhase, registerStage, sideLog } from './flow.js';
import { other, SIDES, type EcwState } from './state.js';
import { eventWindow, nextInWindow, openWindow } from './windows.js';

export function startDeclarations(s: EcwState, env: GameEnv): void {
  phaseLog(s, env, 'Declarations Phase');
  openWindow(s, 'blunder', SIDES);
}

// Strategic Blunder is played before the secret declarations: the opponent must attack this turn.
eventWindow({
  stage: 'blunder',
  phase: 'Declarations Phase',
  prompt: (side) => `${side}: lay an event face down before the declarations?`,
  window: 'blunder',
  none: 'Go on to the declarations',
  play(s, line, env, _cid, side) {
    s.sides[other(side)].mustAttack = true;
    sideLog(env, side, () => `${side} plays ${line.name}: ${other(side)} must attack this turn.`, 'event');
  },
  done(s) {
    openWindow(s, 'declare', SIDES);
  },
});

const ATTACK: ChoiceOption = Object.freeze({ id: 'declare attack', label: 'Attack this turn' });
const DEFEND: ChoiceOption = Object.freeze({ id: 'declare defend', label: 'Defend this turn' });
const ATTACK_ONLY = Object.freeze([ATTACK]) as ChoiceOption[];
const ATTACK_OR_DEFEND = Object.freeze([ATTACK, DEFEND]) as ChoiceOption[];

// Each player secretly declares attack or defend; both are revealed together.
registerStage('declare', {
  ask(s) {
    const side = s.asking;
    const mustAttack = s.sides[side].mustAttack;
    const prompt = () =>
      `${side}: declare in secret whether you attack or defend this turn${mustAttack ? ' (Strategic Blunder: you must attack)' : ''}.`;
    // Strategic Blunder: the opponent must attack this turn.
    return new Question(side, 'Declarations Phase', prompt, mustAttack ? ATTACK_ONLY : ATTACK_OR_DEFEND, true);
  },
  act(s, id, env) {
    s.sides[s.asking].declaration = id === 'declare attack' ? 'attack' : 'defend';
    if (nextInWindow(s)) return;
    revealDeclarations(s, env);
  },
});

/** The reveal: attack/attack → Battle; defend/defend → Skirmish; otherwise the defender chooses. */
function revealDeclarations(s: EcwState, env: GameEnv): void {
  s.revealed = true;
  // Both declarations are now known: undo never goes back past this point (module contract, env.reveal).
  env.reveal?.();
  const p = s.sides.Parliament.declaration;
  const r = s.sides.Royalist.declaration;
  gameLog(env, () => `Declarations revealed: Parliament ${p}s, Royalist ${r}s.`, 'event');
  if (p === 'attack' && r === 'attack') return beginPhase(s, 'battle', 'battle', { Parliament: 'attacker', Royalist: 'attacker' }, env);
  if (p === 'defend' && r === 'defend') return beginPhase(s, 'skirmish', env);
  s.attacker = p === 'attack' ? 'Parliament' : 'Royalist';
  openWindow(s, 'tracked-down', [s.attacker]);
}

// Tracked Down: played by the attacker whose opponent defends; the defender must accept battle.
eventWindow({
  stage: 'tracked-down',
  phase: 'Declarations Phase',
  prompt: (side) => `${side}: ${other(side)} defends. Play an event before the defender chooses?`,
  window: 'tracked-down',
  none: 'Let the defender choose',
  once: true,
  play(s, line, env, _cid, side) {
    s.trackedDown = true;
    sideLog(env, side, () => `${side} plays ${line.name}: ${other(side)} must accept battle.`, 'event');
  },
  done(s) {
    s.stage = 'defender-choice';
    s.asking = other(s.attacker!);
  },
});

// The defender must choose: accept battle, accept siege, or strategic retreat.
registerStage('defender-choice', {
  ask(s, rules) {
    const options = [{ id: 'accept battle', label: 'Accept Battle (go to the Battle Segment)' }];
    if (!s.trackedDown) {
      options.push({ id: 'accept siege', label: 'Accept Siege (the attacker may decline; +2 Terrain to you)' });
      options.push({
        id: 'strategic retreat',
        label: `Strategic Retreat (${s.attacker} takes ${rules.capitulation.strategicRetreat} Territory Markers)`,
      });
    }
    const [side, attacker] = [s.asking, s.attacker];
    return new Question(side, 'Declarations Phase', () => `${side}: ${attacker} attacks. Choose how to meet it.`, options);
  },
  act(s, id, env) {
    const attacker = s.attacker!;
    const defender = s.asking;
    const roles = { [attacker]: 'attacker', [defender]: 'defender' } as Record<'Parliament' | 'Royalist', 'attacker' | 'defender'>;
    if (id === 'accept battle') {
      sideLog(env, defender, () => `${defender} accepts battle.`, 'event');
      return beginPhase(s, 'battle', 'battle', roles, env);
    }
    if (id === 'accept siege') {
      sideLog(env, defender, () => `${defender} accepts a siege.`, 'event');
      s.stage = 'siege-confirm';
      s.asking = attacker;
      return;
    }
    sideLog(env, defender, () => `${defender} makes a strategic retreat.`, 'event');
    s.segment = 'retreat';
    s.stats.strategicRetreats++;
    beginPhase(s, 'capitulation', env);
  },
});

const CONDUCT_OR_DECLINE = Object.freeze([
  Object.freeze({ id: 'conduct siege', label: 'Conduct the siege' }),
  Object.freeze({ id: 'decline siege', label: 'Decline (go to the Skirmish Segment)' }),
]) as ChoiceOption[];

// Siege Segment: the attacker may decide not to conduct the siege (go to the Skirmish Segment).
registerStage('siege-confirm', {
  ask(s) {
    const side = s.asking;
    return new Question(side, 'Siege Segment', () => `${side}: ${other(side)} accepts a siege. Conduct it?`, CONDUCT_OR_DECLINE);
  },
  act(s, id, env) {
    const attacker = s.asking;
    if (id === 'conduct siege') {
      return beginPhase(
        s,
        'battle',
        'siege',
        { [attacker]: 'attacker', [other(attacker)]: 'defender' } as Record<'Parliament' | 'Royalist', 'attacker' | 'defender'>,
        env,
      );
    }
    sideLog(env, attacker, () => `${attacker} declines the siege.`, 'event');
    s.stats.declinedSieges++;
    beginPhase(s, 'skirmish', env);
  },
});

registerPhase('declarations', startDeclarations);
