/** The bot decider: a module's bot plays a side from that side's view only. */
import { botRng } from '../dice.js';
import type { Bot, Decision } from '../module.js';
import type { Session } from '../runner.js';
import type { Answer, Decider } from './types.js';

export class BotDecider implements Decider {
  readonly kind: string;
  private readonly rng: () => number;
  constructor(
    private readonly bot: Bot<any>,
    name: string,
    seed: string,
    side: string,
  ) {
    this.kind = `bot:${name}`;
    // Bots draw from their own generator so they never shift the game's dice.
    this.rng = botRng(`${seed}/bot/${side}`);
  }
  async decide(s: Session, d: Decision): Promise<Answer> {
    return { kind: 'choice', id: this.bot(s.view(d.side), d, this.rng) };
  }
}
