// The machines this project measured with this page, for the reference
// table and chart beside a visitor's run: the page's own exact solves
// (fresh table each, rounds alternating), one entry a machine, made by
// `node tests/browser/bench-machines.mjs` on an otherwise idle machine.
// seconds: one total a round; nodes: the median round's.
export const MACHINES = [
  {
    machine: "This project's build machine",
    cpu: "Intel(R) Xeon(R) Processor (2 vCPUs)",
    browser: "Chromium 156 (headless)",
    date: "2026-11-29",
    set: "FFO #20-#39",
    rows: [
      {
        threads: 1,
        seconds: [5.659, 5.615, 5.54],
        nodes: 105242156,
        right: 60,
        solved: 60
      },
      {
        threads: 2,
        seconds: [3.815, 3.747, 3.736],
        nodes: 123244971,
        right: 60,
        solved: 60
      }
    ]
  }
];
