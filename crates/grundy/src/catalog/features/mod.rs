//! What cuts across games, above the adapters: sums of different games
//! (`sum`), misère play and Every-SG (`conventions`), playing against the
//! program (`play`), Beatty sequences (`beatty`) and surveys of many games
//! (`survey`). Each works through the [`Game`](super::Game) interface, for
//! every game alike.

pub(crate) mod beatty;
pub(crate) mod conventions;
pub mod play;
pub(crate) mod sum;
pub mod survey;
