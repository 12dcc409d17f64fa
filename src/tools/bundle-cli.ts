/**
 * Run by `npm run build`, after tsc: bundles the command line's start-up path (src/cli.ts, commander,
 * `list`, the games' metadata) into one CommonJS file, dist/muster.cjs, which bin/muster loads.
 * Node starts a CommonJS file without its ES-module loader, and one file without a module search
 * per import: `muster list` and `--help` start within 1.3× of bare node (npm run bench). The
 * commands and games stay the ES modules tsc wrote: a dynamic import() is left as it is, its path
 * rewritten to point from dist/ at the module tsc compiled. Not part of the CLI.
 */
import { build, type Plugin } from 'esbuild';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const src = join(root, 'src');

/** Dynamic imports stay external, as paths from dist/ to the compiled module. */
const keepDynamicImports: Plugin = {
  name: 'keep-dynamic-imports',
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind !== 'dynamic-import') return undefined;
      const target = resolve(args.resolveDir, args.path);
      const fromDist = './' + relative(src, target).split('\\').join('/');
      return { path: fromDist, external: true };
    });
  },
};

await build({
  entryPoints: [join(src, 'cli.ts')],
  outfile: join(root, 'dist', 'muster.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // Node 20 has the RegExp v flag; without this esbuild turns string-width's /…/v literals into
  // `new RegExp` calls run at load time, which compiles the emoji pattern on every start-up.
  supported: { 'regexp-set-notation': true, 'regexp-unicode-property-escapes': true },
  logLevel: 'warning',
  plugins: [keepDynamicImports],
  // The bundled engine files (rules.ts, schemas.ts) find rules/ and dist/schemas/ from their own
  // place, dist/engine/: the bundle gives them that place.
  banner: {
    js: "const __engineUrl = require('node:url').pathToFileURL(require('node:path').join(__dirname, 'engine', 'bundle.js')).href;",
  },
  define: { 'import.meta.url': '__engineUrl' },
});
