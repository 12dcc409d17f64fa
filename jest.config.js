/** Jest runs the TypeScript sources directly through ts-jest's ESM preset.
 *  The project is ESM ("type": "module"), so `npm test` starts jest under
 *  `node --experimental-vm-modules`. */
export default {
  preset: 'ts-jest/presets/default-esm',
  testEnvironment: 'node',
  roots: ['<rootDir>/tests'],
  testMatch: ['**/*.test.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tests/tsconfig.json', diagnostics: { ignoreCodes: [151002] } }],
  },
};
