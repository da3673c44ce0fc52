// Mantine's PostCSS preset (rem(), light-dark(), breakpoint mixins) and its breakpoint variables, so a module
// stylesheet can write `@media (max-width: $mantine-breakpoint-sm)`.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '36em',
        'mantine-breakpoint-sm': '48em',
        'mantine-breakpoint-md': '62em',
        'mantine-breakpoint-lg': '75em',
        'mantine-breakpoint-xl': '88em',
      },
    },
  },
};
