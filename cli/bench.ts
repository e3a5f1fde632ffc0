/**
 * Placeholder for the engine benchmarks (`npm run bench`). The engine team replaces this file.
 */
console.log('bench: no benchmarks yet');
