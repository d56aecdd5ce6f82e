//! The JSON Schemas of the protocol ([`schemas`]), derived by schemars from the serde types
//! themselves (their `rename_all`, `tag`, `flatten`, `default` and `deny_unknown_fields`, each
//! type's doc comment as its description), for the OpenAPI document's `components.schemas`
//! (`GET /api/openapi.json`).
//!
//! The schemas describe what a reader accepts (schemars's deserialize contract): every answer
//! the server writes must pass its type's schema, since the clients read it with these types.

use schemars::generate::SchemaSettings;
use serde_json::{Map, Value};

/// Where the schemas live in the OpenAPI document, and so what their `$ref`s point at.
pub const SCHEMAS_PATH: &str = "#/components/schemas/";

/// Adds each listed type's schema (and the schemas of the types it holds) to `$generator`.
macro_rules! define {
    ($generator:ident, $($ty:ty),+ $(,)?) => {
        $(
            $generator.subschema_for::<$ty>();
        )+
    };
}

/// Every type of the protocol's JSON Schema (draft 2020-12), by name (the Rust type's, `Side`
/// and `BySide_…` for the rules core's), with `$ref`s to one another as
/// `#/components/schemas/NAME`.
pub fn schemas() -> Map<String, Value> {
    use crate::ts::BySideTs;
    use crate::*;
    let mut generator = SchemaSettings::draft2020_12()
        .with(|s| s.definitions_path = SCHEMAS_PATH.trim_end_matches('/').into())
        .into_generator();
    crate::ts::protocol_types!(define, generator);
    generator.take_definitions(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `$ref` of the schemas names one of them.
    #[test]
    fn every_reference_is_defined() {
        let all = schemas();
        fn refs(v: &Value, out: &mut Vec<String>) {
            match v {
                Value::Object(m) => {
                    if let Some(Value::String(r)) = m.get("$ref") {
                        out.push(r.clone());
                    }
                    m.values().for_each(|v| refs(v, out));
                }
                Value::Array(a) => a.iter().for_each(|v| refs(v, out)),
                _ => {}
            }
        }
        let mut found = Vec::new();
        all.values().for_each(|v| refs(v, &mut found));
        assert!(!found.is_empty());
        for r in found {
            let name = r
                .strip_prefix(SCHEMAS_PATH)
                .unwrap_or_else(|| panic!("{r}"));
            assert!(all.contains_key(name), "{r} is not defined");
        }
    }

    /// The serde attributes are honoured: `rename_all`, `deny_unknown_fields`, optional fields,
    /// a tagged enum's tag, a side as `S`/`N`.
    #[test]
    fn the_schemas_follow_serde() {
        let all = schemas();
        let state = &all["StateView"];
        assert_eq!(state["type"], "object");
        assert!(state["properties"]["version"].is_object());
        let req = &all["MoveReq"];
        assert_eq!(req["additionalProperties"], false);
        assert!(
            req["properties"]["move"].is_object(),
            "serde's rename: {req}"
        );
        assert!(req.get("required").is_none(), "all optional: {req}");
        let end = all["EndReason"].to_string();
        assert!(end.contains("\"no-feed\""), "kebab-case: {end}");
        let side = all["Side"].to_string();
        assert!(side.contains("\"S\"") && side.contains("\"N\""), "{side}");
        let event = all["GameEvent"].to_string();
        assert!(event.contains("\"gameState\""), "the tag's values: {event}");
    }
}
