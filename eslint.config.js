import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';

const featuresDir = 'apps/web/src/features';
const features = fs.existsSync(featuresDir) ? fs.readdirSync(featuresDir).filter((f) => fs.statSync(`${featuresDir}/${f}`).isDirectory()) : [];

/**
 * Features never import each other (DESIGN section 3; bulletproof-react's zones): shared code
 * lives in app/ or ui/. Route lists (routes.tsx) compose pages and are the one exception, and the
 * contact form is a documented widget that the home and vacancy pages embed.
 */
const featureBoundaries = features.map((feature) => ({
  files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
  ignores: [`${featuresDir}/*/routes.tsx`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: features
          .filter((other) => other !== feature && other !== 'contact')
          .map((other) => ({
            group: [`../${other}/**`, `../../${other}/**`, `../../features/${other}/**`, `../../../features/${other}/**`],
            message: `The ${feature} feature must not import from the ${other} feature; move shared code to ui/ or app/.`,
          })),
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'apps/server/drizzle/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...featureBoundaries,
  {
    files: ['scripts/**/*.ts', 'e2e/**/*.ts', 'apps/server/src/server.ts', 'apps/server/src/db/seed/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
