//! The colour maps of Grundy values (`--colours`), each with the colour of
//! the P-positions (value 0), chosen off its scale for every kind of colour
//! vision. Floating point is used for the colours only.

/// A colour map of the pictures' values, `--colours NAME`: each reads in
/// order (dark to light) for people with any colour-vision deficiency, and
/// in grey print.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Colours {
    /// Dark blue through teal and green to yellow; P-positions red.
    #[default]
    Viridis,
    /// Dark blue through grey to yellow, the same to every eye; P-positions
    /// azure.
    Cividis,
    /// Dark grey to light grey; P-positions orange.
    Grey,
}

/// The colours of a map: its scale and its P-positions'.
#[derive(Clone, Copy, Debug)]
pub struct Palette {
    /// The scale's anchors, evenly spaced from 0 to 1; between them the
    /// colour is linear.
    pub anchors: &'static [[u8; 3]],
    /// The colour of value 0, the P-positions (of tables and plots).
    pub p_value: [u8; 3],
    /// Its name, for the plots' titles.
    pub p_name: &'static str,
}

/// `viridis`: the pictures' first scale, which the web app's table also
/// draws (`/palette.json`).
const VIRIDIS: Palette = Palette {
    anchors: &[
        [48, 18, 90],
        [49, 104, 142],
        [33, 145, 140],
        [94, 201, 98],
        [253, 231, 37],
    ],
    p_value: [230, 20, 30],
    p_name: "red",
};

/// `cividis` (Nuñez, Anderton and Renslow, 2018), at matplotlib's quarters.
/// Every colour of it lies on the blue-yellow axis that all dichromats see;
/// azure lies off it (checked in CIELAB under simulated protanopia,
/// deuteranopia and tritanopia: 39 or more from every colour of the scale,
/// where red is 24).
const CIVIDIS: Palette = Palette {
    anchors: &[
        [0, 34, 78],
        [67, 78, 108],
        [125, 124, 120],
        [188, 174, 108],
        [254, 232, 56],
    ],
    p_value: [0, 150, 255],
    p_name: "azure",
};

/// `grey`: linear in sRGB (about evenly in lightness), neither end black nor
/// white, so that the darkest and lightest cells stay apart from the frame,
/// the text and the background. Orange stands off the greys to every eye but
/// the fully colour-blind, who still read the values by lightness.
const GREY: Palette = Palette {
    anchors: &[[40, 40, 40], [232, 232, 232]],
    p_value: [230, 110, 0],
    p_name: "orange",
};

impl Colours {
    /// The map's colours.
    pub fn palette(self) -> Palette {
        match self {
            Colours::Viridis => VIRIDIS,
            Colours::Cividis => CIVIDIS,
            Colours::Grey => GREY,
        }
    }
}

impl Palette {
    /// The colour of `f` (0 to 1) on the scale, linear between anchors.
    pub fn at(&self, f: f64) -> [u8; 3] {
        let last = self.anchors.len() - 1;
        let f = f.clamp(0.0, 1.0) * last as f64;
        let i = (f.floor() as usize).min(last - 1);
        let t = f - i as f64;
        let (low, high) = (self.anchors[i], self.anchors[i + 1]);
        let mix = |k: usize| (f64::from(low[k]) * (1.0 - t) + f64::from(high[k]) * t).round() as u8;
        [mix(0), mix(1), mix(2)]
    }

    /// The scale's anchors' positions from 0 to 1, each with its colour.
    pub fn stops(&self) -> impl Iterator<Item = (f64, [u8; 3])> + '_ {
        let last = (self.anchors.len() - 1) as f64;
        (0..self.anchors.len()).map(move |k| (k as f64 / last, self.anchors[k]))
    }
}

/// The colours of the pictures as JSON, for the web app's table, which is
/// drawn with the same ones (the default map's): `{"p_value": "#e6141e",
/// "p": "#000000", "n": "#ffffff", "grid": ..., "anchors": ["#30125a",
/// ...]}` (value 0, P and N of an outcome table, the grid, and the scale's
/// anchors from 0 to 1).
pub fn palette_json() -> String {
    let palette = Colours::default().palette();
    serde_json::json!({
        "p_value": hex(palette.p_value),
        "p": hex(super::BLACK),
        "n": hex(super::WHITE),
        "grid": hex(super::GRID),
        "anchors": palette.anchors.iter().map(|&c| hex(c)).collect::<Vec<_>>(),
    })
    .to_string()
}

/// `colour` as `#rrggbb`.
pub fn hex([r, g, b]: [u8; 3]) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_map_is_the_first_scale_and_its_anchors_are_exact() {
        let palette = Colours::default().palette();
        assert_eq!(palette.at(0.0), [48, 18, 90]);
        assert_eq!(palette.at(0.25), [49, 104, 142]);
        assert_eq!(palette.at(1.0), [253, 231, 37]);
        assert_eq!(palette.at(0.125), [49, 61, 116]);
        assert_eq!(
            palette_json(),
            r##"{"anchors":["#30125a","#31688e","#21918c","#5ec962","#fde725"],"grid":"#c8c8c8","n":"#ffffff","p":"#000000","p_value":"#e6141e"}"##
        );
    }

    #[test]
    fn value_zero_is_off_every_scale() {
        for colours in [Colours::Viridis, Colours::Cividis, Colours::Grey] {
            let palette = colours.palette();
            for k in 0..=100 {
                let c = palette.at(f64::from(k) / 100.0);
                let distance: u32 = (0..3)
                    .map(|i| c[i].abs_diff(palette.p_value[i]) as u32)
                    .sum();
                assert!(distance > 120, "{colours:?} at {k}%: {c:?}");
            }
        }
    }
}
