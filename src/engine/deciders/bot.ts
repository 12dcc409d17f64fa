/** The bot decider: a module's bot plays a side from that side's view only. */
import { botRngFor } from '../dice.js';
import type { Bot, Decision } from '../module.js';
import type { Session } from '../runner.js';
import type { Answer, Decider } from './types.js';

export class BotDecider implements Decider {
  readonly kind: string;
  constructor(
    private readonly bot: Bot<unknown>,
    name: string,
  ) {
    this.kind = `bot:${name}`;
  }
  /**
   * Bots draw from a generator of their own, derived from the record (seed, side, decision number),
   * so they never shift the game's dice and choose the same after a resume (architecture.md, "Bots").
   */
  async decide(s: Session, d: Decision): Promise<Answer> {
    const view = this.bot.ignoresView ? undefined : s.view(d.side);
    return { kind: 'choice', id: this.bot(view, d, botRngFor(s.config.seed, d.side, s.choices.length + 1)) };
  }
}
