/** `muster rules small-action <topic>`: the reference tables, drawn from the rules data. */
import type { RenderContext } from '../../engine/module.js';
import { fitTable as table, wrapWords } from '../../ui/table.js';
import type { FireColumn, Klass, SaRules } from './types.js';

export const RULES_TOPICS = [
  { name: 'sequence', title: 'The turn: order cards, reveal, suppressive fire, movement, aimed fire, close combat, morale' },
  { name: 'orders', title: 'The seven order cards and the command radius' },
  { name: 'movement', title: 'Movement rates and ground' },
  { name: 'fire', title: 'The fire table, weapons, ranges, the MMG beaten zone, casualties, danger to leaders' },
  { name: 'grenades', title: 'Grenades: throw, deviation, burst radii' },
  { name: 'close-combat', title: 'Close combat and its modifiers' },
  { name: 'morale', title: 'Our morale house rule' },
  { name: 'map', title: 'The map: ground characters, figures, cell names' },
  { name: 'scenarios', title: 'The scenarios: sides, sections, turns, victory points' },
];

const COLS: FireColumn[] = ['march', 'combat', 'cautious', 'soft', 'hard'];

/**
 * A reference topic drawn for `ctx.width` columns (default 100): tables narrowed with their cells
 * wrapped (fitTable), every other line wrapped at spaces, its continuation indented two more.
 * Throws Error for an unknown topic.
 */
export function renderRulesTopic(rules: SaRules, topic: string, ctx: RenderContext): string {
  const width = ctx.width ?? 100;
  return topicText(rules, topic, { ...ctx, width })
    .split('\n')
    .flatMap((line) => {
      if (/^[+|]/.test(line)) return [line]; // a table's line: fitted already
      const indent = /^ */.exec(line)![0];
      const [first, ...rest] = wrapWords(line, width);
      const more = rest.length ? wrapWords(`${indent}  ${rest.map((l) => l.trim()).join(' ')}`, width) : [];
      return [first, ...more];
    })
    .join('\n');
}

function topicText(rules: SaRules, topic: string, ctx: RenderContext): string {
  switch (topic) {
    case 'sequence':
      return [
        'Each turn:',
        "1 Place order cards: every section of both sides gets one, face down (Blue lays, then Red; neither sees the other's).",
        '2 Reveal order cards: figures within the command radius take the new order; the others keep their last.',
        '3 Suppressive fire (Suppressive Fire, and the firing half of Fire and Movement).',
        '4 Movement (March, Combat, Cautious, the moving half of Fire and Movement).',
        '5 Aimed fire (grenades thrown here too); both sides on Aimed Fire: higher class first, equal classes roll.',
        '6 Close combat: every figure next to an enemy fights.',
        '7 Morale (house rule, --option morale=off for the printed rules).',
        'Within a phase the side that goes first alternates: Blue on odd turns, Red on even turns.',
      ].join('\n');
    case 'orders': {
      const rows = Object.entries(rules.orders).map(([k, o]) => [
        k,
        o.name,
        o.moves ?? '-',
        o.minFraction ? `${o.minFraction * 100}%` : '-',
        o.fires ?? '-',
      ]);
      const c = rules.command;
      return (
        `${table(['Card id', 'Order', 'Moves', 'At least', 'Fires'], rows, ctx, 'Order cards')}\n` +
        `Command radius: ${c.open} mm in the open, ${c.close} mm in close country or built-up ground; x${c.secondInCommandFactor} once the 2IC commands.\n` +
        'Figures beyond it keep their last order. Without leader and 2IC a section stays where it is (fire or Full Cover only).\n' +
        "Leader and 2IC gone off the table (left by the edge, or one left and the other down): with --option leaders-off=last-order (the default) a new card reaches no one and the men keep their last order (a failed morale test's card still reaches them); with leaders-off=as-body the men left act as a body and take each new card.\n" +
        'Full Cover: immune to all fire and grenades, except on ground with no cover (paved). Fire and Movement: half (rounded up) fire suppressively, the rest move.'
      );
    }
    case 'movement': {
      const rows = (['infantry', 'hmg', 'mounted', 'wheeled', 'tracked', 'rail'] as const).map((t) => [
        t,
        ...(['march', 'combat', 'cautious'] as const).map((m) =>
          rules.movementRates[t][m] === null ? '*' : `${rules.movementRates[t][m]} mm`,
        ),
      ]);
      const mod = rules.movementModifiers;
      return (
        `${table(['Type', 'March', 'Combat', 'Cautious'], rows, ctx, 'Movement rates (* not allowed)')}\n` +
        `Ground: close country and buildings x${mod.close}, crossing obstacles x${mod.obstacle}, wading x${mod.wading}, deep water x${mod.deep}.\n` +
        `A step is ${rules.grid.cellSize} mm (71 mm diagonally). The MMG moves as the HMG line: it has only a Combat rate, so it moves up to that (${rules.movementRates.hmg.combat} mm) on any move of its section, falling behind a March.`
      );
    }
    case 'fire': {
      const rows = (['A', 'B', 'C'] as Klass[]).map((k) => [
        `${k} class`,
        ...COLS.map((c) => {
          const [s, sh, l] = rules.fireTable.classes[k][c];
          return `[${s}] ${sh}/${l}`;
        }),
      ]);
      const w = Object.values(rules.weapons).map((x) => [
        x.name,
        `${x.range} mm`,
        `${x.dice} D20`,
        x.beatenZone ? `${x.beatenZone.across} x ${x.beatenZone.deep} mm beaten zone` : '',
      ]);
      return (
        `${table(['', 'March', 'Combat', 'Cautious', 'Soft cover', 'Hard cover'], rows, ctx, `Fire table: [suppress] short/long; short range up to ${rules.fireTable.shortRange} mm; hit on that number or more`)}\n` +
        `${table(['Weapon', 'Range', 'Dice', ''], w, ctx, 'Weapons')}\n` +
        "Aimed Fire reaches enemies in the 180-degree arc to the section's front; with --option facing=turn (the default) a section turns to face the section it fires at, with facing=fixed only a move (or a Cautious Move that stays) turns it.\n" +
        'The target column: its order when it moves (March, Combat, Cautious); when it does not, its cover (hard, soft; Combat in the open).\n' +
        "Each firer's dice fall on the figures it can fire at: first those out of cover, then those nearest the firers; the leader last (danger to leaders off), " +
        `or a D${rules.dangerToLeaders.die} after each hit, ${rules.dangerToLeaders.leaderHitOn} hitting the leader (--option danger-to-leaders=on). ` +
        'With --option leader-last=firer (the default) the leader is last among the figures that firer can fire at: a firer that reaches only him hits him while men it cannot reach (out of range, sight or arc) still stand. With leader-last=section he is last among the figures any firer of the volley can fire at: a firer that reaches only him throws at his number, and a hit falls on the first of his men (in the order above) that another firer can fire at (the 2IC likewise falls next to last). Grenades and close combat hit by place.\n' +
        'The MMG lays its beaten zone about the first of those figures (not simply the nearest): it can hit any enemy inside the zone and no one outside it.'
      );
    }
    case 'grenades': {
      const g = rules.grenades;
      return [
        `Thrown up to ${g.throwRange} mm at a cell in sight, in the Aimed Fire phase, by a figure on Aimed Fire (instead of firing).`,
        `D${g.deviation.die}: ${g.deviation.over} over by ${g.deviation.distance} mm, ${g.deviation.under} under; ${g.deviation.smallTargetModifier} into a building or over an obstacle (0 or less: under).`,
        `Lethal radius ${g.lethalRadius} mm: ${g.lethalChance}% (${g.confinedChance}% in a building); secondary ${g.secondaryRadius} mm in the open: ${g.secondaryChance}% on unprotected figures.`,
        'Friends are hit as well as foes. Full Cover protects.',
      ].join('\n');
    }
    case 'close-combat': {
      const c = rules.closeCombat;
      return table(
        ['Modifier', 'D20'],
        [
          ['Lower class than the enemy', String(c.lowerClass)],
          ['Fighting more than one figure', String(c.moreThanOne)],
          ["In 'Full Cover'", String(c.fullCover)],
          ['Fighting over an obstacle/barricade', String(c.obstacle)],
          ['Suppressed', String(c.suppressed)],
        ],
        ctx,
        'Close combat: one D20 per figure next to an enemy, highest wins, the loser is a casualty',
      );
    }
    case 'morale': {
      const m = rules.morale;
      return [
        'House rule (the rulebook names a Morale phase but gives no text); --option morale=off plays without it.',
        `A section that took casualties this turn, or lost its leader, rolls a D20: pass on ${m.target.A} or less (A), ${m.target.B} (B), ${m.target.C} (C), ${m.perCasualty} per casualty this turn.`,
        `Fail: next turn its order is Full Cover; at ${m.halfStrength} figures or fewer it falls back toward its own edge (a March Move) instead, unless it has lost leader and 2IC (it stays where it is: Full Cover).`,
      ].join('\n');
    }
    case 'map':
      return [
        `One character per ${rules.grid.cellSize} mm cell (${rules.grid.groundScale}); at most ${rules.grid.figuresPerCell} figures to a cell.`,
        ...Object.values(rules.terrain).map(
          (t) =>
            `  ${t.char}  ${t.name}: ${t.cover === 'none' ? 'no' : t.cover} cover${t.blocksSight ? ', blocks sight' : ''}${t.woods ? ', sight blocked past one cell' : ''}${t.fullCover ? '' : ', no Full Cover'}`,
        ),
        'Figures: the section letter (a man, b3-b10), its capital (the leader, b1), 2 (the 2IC, b2); ! suppressed; x a casualty.',
        'Cells: row letter then column number, e.g. M14; type one to pick a destination.',
      ].join('\n');
    case 'scenarios':
      return rules.scenarios
        .map((sc) =>
          [
            `${sc.id}: ${sc.name} (${sc.table.width} x ${sc.table.depth} mm, ${sc.turnLimit} turns)`,
            `  ${sc.blurb}`,
            ...sc.sections.map(
              (x) =>
                `  ${x.side} ${x.name} (${x.id}, class ${x.class}): rifles${x.figures
                  .filter((f) => f.weapon !== 'rifle')
                  .map((f) => `, ${rules.weapons[f.weapon].name}`)
                  .join('')}${x.figures.some((f) => f.grenades) ? ', grenades' : ''}`,
            ),
            `  Victory: ${sc.victory.perCasualty} per enemy casualty${sc.victory.mustExit ? `; ${sc.victory.mustExit.side} must leave by its edge (${sc.victory.mustExit.pointsPerFigure} to the enemy per figure left)` : ''}${sc.victory.hold.map((h) => `; ${h.points} for holding ${h.name}`).join('')}`,
          ].join('\n'),
        )
        .join('\n');
    default:
      throw new Error(`no rules topic "${topic}"; topics: ${RULES_TOPICS.map((t) => t.name).join(', ')}`);
  }
}
