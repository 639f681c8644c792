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
        active: {
          primary: '#0f766e',
          info: '#0284c7',
          success: '#16a34a',
          warning: '#d97706',
          danger: '#dc2626',
        },
      },
    },
  },
} satisfies Config
