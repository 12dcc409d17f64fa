/**
 * Reference topics for `muster rules irlande-1798 <topic>`, drawn from the rules data. Every topic fits
 * 80 columns whatever the terminal (reference text is read in pipes and files too): tables are narrowed
 * (their cells wrapped), the Combat Results Table drops its borders when they do not fit, the map is
 * drawn for 80 columns.
 */
import type { RenderContext, RulesTopic } from '../../engine/module.js';
import { painter, stripAnsi } from '../../ui/colour.js';
import { fitTable, table } from '../../ui/table.js';
import { PHASE_NAME } from './flow.js';
import { render } from './render.js';
import type { Band, IrlRules, IrlState } from './state.js';
import { makeView } from './view.js';
import { BOMBARDMENT_EFFECT } from './stratagems.js';

export const RULES_TOPICS: RulesTopic[] = [
  { name: 'map', title: 'The map (reconstructed): terrain, roads, rivers, towns' },
  { name: 'sequence', title: 'Sequence of play (3.1)' },
  { name: 'counters', title: 'Units and generals (reconstructed counters)' },
  { name: 'terrain', title: 'Terrain table (reconstructed): movement costs and column shifts' },
  { name: 'crt', title: 'Combat Results Table (reconstructed)' },
  { name: 'recruitment', title: 'Irish Recruitment Table (reconstructed) and rule 6.2' },
  { name: 'stratagems', title: 'Stratagems (11) and the bombardment table' },
  { name: 'setup', title: 'Set-up and reinforcements (12)' },
  { name: 'victory', title: 'Victory (13): automatic victories and victory points' },
];

const src = (s: string) => (s.startsWith('reconstruction') ? 'reconstruction' : s);

/** Wraps every line wider than `width` (tables are drawn to fit already), keeping its indent and indenting the continuations 4 more. */
function wrapLines(text: string, width: number): string {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    if (stripAnsi(line).length <= width || /^[+|]/.test(line)) {
      out.push(line);
      continue;
    }
    const indent = /^ */.exec(line)![0];
    let cur = indent;
    for (const w of line.slice(indent.length).split(' ')) {
      if (cur.trim() && cur.length + w.length + 1 > width) {
        out.push(cur);
        cur = indent + '    ' + w;
      } else cur = cur.trim() ? `${cur} ${w}` : cur + w;
    }
    out.push(cur);
  }
  return out.join('\n');
}

/** The band on a counter, short. */
const BAND_WORD: Record<Band, string> = { french: 'French', 'united-irishmen': 'UI', militia: 'militia', regular: 'regular' };

/** The widest a rules topic is drawn. */
export const RULES_WIDTH = 80;

export function renderRulesTopic(rules: IrlRules, topic: string, ctx: RenderContext): string {
  const width = Math.min(ctx.width ?? RULES_WIDTH, RULES_WIDTH);
  return wrapLines(topicText(rules, topic, { ...ctx, width }), width);
}

/** The Combat Results Table: bordered when it fits `width`, else in plain aligned columns. */
function crtTable(rules: IrlRules, ctx: RenderContext, width: number): string {
  const head = ['Die', ...rules.crt.columns];
  const rows = rules.crt.rows.map((r) => [
    r.die === rules.crt.minDie ? `${r.die} or less` : r.die === rules.crt.maxDie ? `${r.die} or more` : String(r.die),
    ...r.results.map((c) => `${c.attacker}/${c.defender} ${c.winner === 'attacker' ? 'a' : 'd'}`),
  ]);
  const title = 'Combat Results Table (attacker/defender; a or d wins)';
  const bordered = table(head, rows, ctx, title);
  if (
    Math.max(
      ...stripAnsi(bordered)
        .split('\n')
        .map((l) => l.length),
    ) <= width
  )
    return bordered;
  const w = head.map((_, i) => Math.max(...[head, ...rows].map((r) => r[i].length)));
  const line = (r: string[]) =>
    r
      .map((x, i) => x.padEnd(w[i]))
      .join(' ')
      .trimEnd();
  return [painter(ctx)('bold', title), painter(ctx)('bold', line(head)), ...rows.map(line)].join('\n');
}

function topicText(rules: IrlRules, topic: string, ctx: RenderContext): string {
  const p = painter(ctx);
  const width = ctx.width ?? RULES_WIDTH;
  switch (topic) {
    case 'map': {
      const s = { units: {}, generals: {}, control: {} } as unknown as IrlState;
      for (const u of rules.units) s.units[u.id] = { id: u.id, place: 'reinforcement', hex: null, strength: u.full, routed: false };
      for (const g of rules.generals) s.generals[g.id] = { id: g.id, place: 'reinforcement', hex: null };
      for (const t of rules.victory.towns) s.control[t.hex] = 'English';
      Object.assign(s, {
        turn: 1,
        phase: 'A',
        stage: 'move',
        landed: true,
        stratagemThisTurn: { French: false, English: false },
        spent: [],
        group: null,
        combat: null,
        humbertRevealed: true,
        options: { routExit: 'leave', humbertSize: 'shown' },
        over: false,
        winner: null,
        victory: null,
        sligoFree: false,
      });
      const v = makeView(s, 'all', rules);
      const lines = render(v, { ...ctx, width }).split('\n');
      const map = lines.slice(0, 1 + rules.map.rows * 3 - 1);
      return [
        p('bold', 'The map (reconstructed; north up, west left)'),
        rules.map.orientation,
        ...map,
        // Towns and villages apart, as the map draws them (town names in capitals).
        ...(['town', 'village'] as const).map(
          (t) =>
            `${t === 'town' ? 'Towns (names in capitals on the map)' : 'Villages'}: ` +
            rules.map.hexes
              .filter((h) => h.name && h.terrain === t)
              .map((h) => `${h.name} ${h.id}`)
              .join(', '),
        ),
        'Other places: ' +
          rules.map.hexes
            .filter((h) => h.name && h.terrain !== 'town' && h.terrain !== 'village')
            .map((h) => `${h.name} ${h.id}`)
            .join(', '),
        'Roads: ' + rules.map.roads.map((r) => `${r.name} (${r.path.join('-')})`).join('; '),
        'Rivers: ' + rules.map.rivers.map((r) => `${r.name}: hexsides ${r.hexsides.map(([a, b]) => `${a}/${b}`).join(', ')}`).join('; '),
      ].join('\n');
    }
    case 'sequence':
      return [
        p('bold', 'Sequence of play (rulebook 3.1), each turn, French first; eight turns'),
        ...Object.values(PHASE_NAME).map((x) => '  ' + x),
      ].join('\n');
    case 'counters':
      return fitTable(
        ['Unit', 'Id', 'Band', 'Type', 'SP', 'Qual', 'MP'],
        [
          ...rules.units.map((u) => [
            u.name,
            u.id,
            BAND_WORD[u.band],
            u.type === 'infantry' ? 'inf' : 'cav',
            u.variable ? `1-${u.full}` : `${u.full}${u.reduced !== null ? '/' + u.reduced : ''}`,
            String(u.quality),
            String(u.mp),
          ]),
          ...rules.generals.map((g) => [g.name, g.id, g.side, 'gen', `+${g.bonus}`, '-', String(g.mp)]),
        ],
        ctx,
        "Counters (reconstruction: design notes). Band: French = blue, UI = United Irishmen, militia = green, regular = orange. Type: inf infantry, cav cavalry, gen general. SP full/reduced; a general's SP is his bonus to his side's die.",
      );
    case 'terrain':
      return [
        fitTable(
          ['Terrain', 'Infantry MP', 'Cavalry MP', 'Shift', 'Source'],
          rules.terrain.map((t) => [
            t.name,
            t.cost.infantry === null ? 'no' : String(t.cost.infantry),
            t.cost.cavalry === null ? 'no' : String(t.cost.cavalry) + (t.cavalryOnlyByRoad ? ' (road only)' : ''),
            t.shift ? `${t.shift} left` : '-',
            src(t.source),
          ]),
          ctx,
          'Terrain table',
        ),
        `Road (whole move on roads from a road hex): ${rules.movement.roadCost} MP a hex. River hexside: +${rules.movement.riverCost} MP unless a road crosses; ${rules.movement.riverShift} column left when every attacker crosses it. A unit can always move one hex.`,
      ].join('\n');
    case 'crt':
      return [
        crtTable(rules, ctx, width),
        "Odds rounded in the defender's favour, clamped to 1-3 .. 6-1, then shifted (terrain left, bayonet right) and clamped again. Die: + attacking general's bonus, - defending general's bonus, +/-1 French officers, +1 cavalry charge.",
        'PP no effect; A1-A3/D1-D3 losses (the owner chooses); JM a morale check per unit: a die above its quality routs it. The loser retreats one hex; the winner may advance.',
        `Source: ${rules.crt.source}`,
      ].join('\n');
    case 'recruitment':
      return [
        fitTable(
          ['Modified die', 'Strength points'],
          rules.recruitment.table.map((r) => [
            r.min <= -99 ? `${r.max} or less` : r.max >= 99 ? `${r.min} or more` : r.min === r.max ? String(r.min) : `${r.min}-${r.max}`,
            String(r.points),
          ]),
          ctx,
          'Irish Recruitment Table',
        ),
        `Rolled in phase A when the French lacked the VP to win at the end of the preceding turn. +${rules.recruitment.oneMilitia} for each English force defeated last turn with one Irish militia (green) unit, +${rules.recruitment.twoOrMoreMilitia} with two or more; ${rules.recruitment.perFrenchDefeat} per French defeat.`,
        `Points fill United Irishmen counters up to ${rules.recruitment.counterMax} SP, then raise a new counter in a French-controlled town. Source: ${rules.recruitment.source}`,
      ].join('\n');
    case 'stratagems':
      return [
        p('bold', 'Stratagems (rulebook 11): each side one a turn'),
        '  Bayonet charge (French turn): an attack with 70e infantry one column right (two for 70e/Grenadiers alone); if it fails the 70e take the first two losses.',
        '  French officers (once): -1 to an English attack on United Irishmen not stacked with French units, or +1 to an attack by United Irishmen alone.',
        '  Forced march (once): units that began the turn with Humbert move a second time if their first move did not end next to an enemy unit.',
        '  Cavalry charge (English turn): +1 to the die of an attack with 2+ SP of cavalry against clear terrain; if it fails the cavalry take up to two losses.',
        '  Artillery (English, with Lake, attacking or defending): bombard one enemy unit of the combat before the die:',
        ...rules.bombardment.results.map(
          (r) =>
            `     ${r.min <= -99 ? `${r.max} or less` : r.max >= 99 ? `${r.min} or more` : r.min === r.max ? `${r.min}` : `${r.min}-${r.max}`}: ${BOMBARDMENT_EFFECT[r.effect]}`,
        ),
        `     ${rules.bombardment.townOrVillageModifier} against a town or village; a second target if the first routs.`,
        '     The guns are abandoned (out of the game) when the English units of a combat they were used in are forced to retreat (11.2): when the English lose that combat, attacking or defending, since the loser retreats (8.3).',
      ].join('\n');
    case 'setup':
      return [
        p('bold', 'Set-up (rulebook 12)'),
        `  French at sea in ${rules.setup.french.hex}: ${rules.setup.french.units.join(', ')} and Humbert. Turn 1: land in a coastal hex not next to an enemy, or send one unit alone against Killala (${rules.setup.killala}) first.`,
        ...rules.setup.english.map((e) => `  ${e.unit} at ${e.hex}`),
        `  The Sligo Garrison may not move until a French unit enters ${rules.setup.sligoFrozenUntil.join(', ')}.`,
        ...rules.reinforcements.map((r) => `  Turn ${r.turn} at ${r.hex}: ${[...r.generals, ...r.units].join(', ')}`),
        `  United Irishmen counters in the pool: ${rules.setup.unitsInPool.join(', ')}`,
      ].join('\n');
    case 'victory':
      return [
        fitTable(
          ['Town', 'Hex', 'French VP', 'English VP'],
          rules.victory.towns.map((t) => [t.name, t.hex, String(t.french), String(t.english)]),
          ctx,
          'Victory points (13.2)',
        ),
        `French: ${rules.victory.french.militia} VP per militia unit and ${rules.victory.french.regular} per regular unit eliminated or routed at the end. English: ${rules.victory.english.unitedIrishmen} VP per United Irishmen unit and ${rules.victory.english.french} per French unit eliminated.`,
        `Automatic (13.1, checked in phase G): the French after turn ${rules.victory.automaticAfterTurn} when every English unit but the Sligo Garrison is eliminated or routed; the English when every French (blue) unit is eliminated.`,
      ].join('\n');
    default:
      throw new Error(`no topic ${topic}`);
  }
}
