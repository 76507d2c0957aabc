// Numbers as the pages show them.

/** A score with its sign: +8, −1.5 (a real minus sign), 0. */
export const signed = (v, digits = 1) => (v > 0 ? '+' : v < 0 ? '−' : '') + Math.abs(v).toFixed(digits);

/** A large count in short form: 950, 12.3 k, 4.56 M, 1.20 G. */
export const count = (n) => (n >= 1e9 ? `${(n / 1e9).toFixed(2)} G`
  : n >= 1e6 ? `${(n / 1e6).toFixed(2)} M`
    : n >= 1e3 ? `${(n / 1e3).toFixed(1)} k` : `${Math.round(n)}`);
