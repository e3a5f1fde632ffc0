/**
 * Placeholder for the headless runner (DESIGN.md §5): `npm run --silent sim -- SCENARIO_FILE [...]`.
 * The engine team replaces this file with the real runner.
 */
const [file] = process.argv.slice(2);
if (!file || file.startsWith('-')) {
  console.error(
    'usage: npm run --silent sim -- SCENARIO_FILE [--output watch|json|status] [--watch rs|deploy|ds|pods] [--until SECONDS]',
  );
  process.exit(2);
}
console.error(`sim: the headless runner is not built yet; cannot run ${file}`);
process.exit(1);
