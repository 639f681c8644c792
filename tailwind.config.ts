import type { Config } from 'tailwindcss'

// Tailwind 4 reads this through `@config` in src/index.css. The palette is the
// product's: sidebar colours (white, brown, black) and the five active colours.
export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brand: { DEFAULT: '#0f766e', dark: '#115e59', light: '#ccfbf1' },
        sidebar: { white: '#ffffff', brown: '#5b3a29', black: '#1f2937' },
        // Dark enough that white text on them passes WCAG AA (4.5:1) on every sidebar colour.
        active: {
          primary: '#0f766e',
          info: '#0369a1',
          success: '#15803d',
          warning: '#b45309',
          danger: '#b91c1c',
        },
      },
    },
  },
} satisfies Config
