//! serde support: every type uses its text form, so JSON, the command line and files share one
//! notation.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{CycleSeeds, EndReason, GrandSlam, Position, Repetition, Rules, Score, Side};

macro_rules! via_text {
    ($($ty:ty),+) => {$(
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = String::deserialize(d)?;
                text.parse().map_err(D::Error::custom)
            }
        }
    )+};
}

via_text!(Position, Rules, GrandSlam, Repetition, CycleSeeds);

impl Serialize for Side {
    /// `"S"` or `"N"`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(if *self == Side::South { "S" } else { "N" })
    }
}

impl<'de> Deserialize<'de> for Side {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d)?.parse().map_err(D::Error::custom)
    }
}

impl Serialize for EndReason {
    /// The reason's name: `"capture"`, …, `"agreed-cycle"`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for EndReason {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d)?.parse().map_err(D::Error::custom)
    }
}

impl Serialize for Score {
    /// A number of seeds: `24` or `23.5`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.halves().is_multiple_of(2) {
            s.serialize_u8(self.halves() / 2)
        } else {
            s.serialize_f64(self.as_f64())
        }
    }
}
