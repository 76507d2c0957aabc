//! Adam's update, shared by the fits: the full-batch ones of the shipped
//! layout and of the probes, and the probes' minibatch network.

/// Adam's two moments for a block of parameters.
pub struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
}

impl Adam {
    const B1: f32 = 0.9;
    const B2: f32 = 0.999;

    /// Moments at zero for `n` parameters.
    pub fn new(n: usize) -> Adam {
        Adam { m: vec![0.0; n], v: vec![0.0; n] }
    }

    /// The bias corrections of step `t` (from 1), computed once a step.
    pub fn corrections(t: i32) -> (f32, f32) {
        (1.0 - Self::B1.powi(t), 1.0 - Self::B2.powi(t))
    }

    /// Moves parameter `i`, `theta`, by gradient `g` at rate `rate`, with
    /// the step's `corrections`.
    #[inline(always)]
    pub fn step(&mut self, theta: &mut f32, i: usize, g: f32, rate: f32, (c1, c2): (f32, f32)) {
        self.m[i] = Self::B1 * self.m[i] + (1.0 - Self::B1) * g;
        self.v[i] = Self::B2 * self.v[i] + (1.0 - Self::B2) * g * g;
        *theta -= rate * (self.m[i] / c1) / ((self.v[i] / c2).sqrt() + 1e-8);
    }
}
