import { runBattery } from './battery.js';
import { toyGame } from './toy-game.js';

runBattery({ mod: toyGame, rules: () => ({}), optionSets: [{}, { target: '20' }], seeds: 50 });
