//! The one per-side type on the wire: [`oware_core::BySide`], written `{"S": …, "N": …}`.
//!
//! Use it on a field with `#[serde(with = "oware_protocol::by_side")]` (inside this crate,
//! `crate::by_side`). Reading ignores other keys and requires both sides.

use oware_core::BySide;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

#[derive(Serialize)]
struct Out<'a, T> {
    #[serde(rename = "S")]
    south: &'a T,
    #[serde(rename = "N")]
    north: &'a T,
}

#[derive(Deserialize)]
struct In<T> {
    #[serde(rename = "S")]
    south: T,
    #[serde(rename = "N")]
    north: T,
}

/// Writes `pair` as `{"S": south, "N": north}`.
pub fn serialize<S: Serializer, T: Serialize>(pair: &BySide<T>, s: S) -> Result<S::Ok, S::Error> {
    Out {
        south: &pair.south,
        north: &pair.north,
    }
    .serialize(s)
}

/// Reads `{"S": south, "N": north}`.
pub fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<BySide<T>, D::Error> {
    let p = In::<T>::deserialize(d)?;
    Ok(BySide::new(p.south, p.north))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Holder {
        #[serde(with = "crate::by_side")]
        stores: BySide<u8>,
    }

    #[test]
    fn a_pair_is_written_and_read_by_side_letters() {
        let h = Holder {
            stores: BySide::new(3, 7),
        };
        let text = serde_json::to_string(&h).unwrap();
        assert_eq!(text, r#"{"stores":{"S":3,"N":7}}"#);
        assert_eq!(serde_json::from_str::<Holder>(&text).unwrap(), h);
        assert!(serde_json::from_str::<Holder>(r#"{"stores":{"S":3}}"#).is_err());
    }
}
