// One rule, for one reason: the store answers with promises, and a write whose promise nobody
// awaits can fail silently or land after its transaction has committed.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'web/**', 'node_modules/**', 'migrations*/**', 'scripts/**'] },
  { linterOptions: { reportUnusedDisableDirectives: 'off' } },
  {
    files: ['src/**/*.ts', 'cli/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/await-thenable': 'error',
      // a promise returned from inside try is not caught by its catch
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
    },
  },
);
