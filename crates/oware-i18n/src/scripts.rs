//! The page scripts' catalogue: the messages of the `scripts*.ftl` files as JSON, for
//! `static/js/i18n.js`.
//!
//! Each message is a list of parts: a string, `{"v": "name"}` (a variable), or
//! `{"s": "name", "k": {"key": [parts]}, "d": "key"}` (a selector on a variable: the variant whose
//! key is the number itself, else the one named by the language's plural category, else the
//! default `d`). Terms and message references are put in place, so the scripts never see them.
//! That is the whole subset of Fluent the scripts' messages may use; anything else (functions,
//! attributes) is refused here, and a test formats every message both ways.

use std::collections::HashMap;

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use serde_json::{json, Map, Value};

use crate::{files, Lang};

/// The names of the variables `pattern` uses, added to `out`.
pub(crate) fn variables(pattern: &Pattern<&str>, out: &mut Vec<String>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_variables(expression, out);
        }
    }
}

fn expression_variables(expression: &Expression<&str>, out: &mut Vec<String>) {
    match expression {
        Expression::Select { selector, variants } => {
            inline_variables(selector, out);
            for v in variants {
                variables(&v.value, out);
            }
        }
        Expression::Inline(inline) => inline_variables(inline, out),
    }
}

fn inline_variables(inline: &InlineExpression<&str>, out: &mut Vec<String>) {
    match inline {
        InlineExpression::VariableReference { id } => out.push(id.name.to_owned()),
        InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_variables(a, out);
            }
        }
        InlineExpression::Placeable { expression } => expression_variables(expression, out),
        _ => {}
    }
}

/// The JSON catalogue of `lang`'s `scripts*.ftl` files: `{"lang": "fr", "messages": {id: parts}}`,
/// or what in them the scripts could not format.
pub fn scripts_catalogue(lang: Lang) -> Result<String, String> {
    let all = files(lang);
    let mut parsed = Vec::new();
    for (name, text) in &all {
        let resource = fluent_syntax::parser::parse(text.as_str())
            .map_err(|(_, e)| format!("{}/{name}: {e:?}", lang.code()))?;
        parsed.push((name.as_str(), resource));
    }
    let mut terms = HashMap::new();
    let mut messages = HashMap::new();
    for (_, resource) in &parsed {
        for entry in &resource.body {
            match entry {
                Entry::Term(term) => {
                    terms.insert(term.id.name, &term.value);
                }
                Entry::Message(m) => {
                    if let Some(value) = &m.value {
                        messages.insert(m.id.name, value);
                    }
                }
                _ => {}
            }
        }
    }
    let refs = Refs { terms, messages };
    let mut out = Map::new();
    for (name, resource) in &parsed {
        if !name.starts_with("scripts") {
            continue;
        }
        for entry in &resource.body {
            if let Entry::Message(m) = entry {
                let value = m
                    .value
                    .as_ref()
                    .ok_or_else(|| format!("{}: {} has no value", lang.code(), m.id.name))?;
                let parts = refs
                    .pattern(value, 0)
                    .map_err(|e| format!("{}: {}: {e}", lang.code(), m.id.name))?;
                out.insert(m.id.name.to_owned(), Value::Array(parts));
            }
        }
    }
    Ok(json!({ "lang": lang.code(), "messages": out }).to_string())
}

/// The terms and messages a pattern may name.
struct Refs<'a> {
    terms: HashMap<&'a str, &'a Pattern<&'a str>>,
    messages: HashMap<&'a str, &'a Pattern<&'a str>>,
}

impl Refs<'_> {
    fn pattern(&self, pattern: &Pattern<&str>, depth: u8) -> Result<Vec<Value>, String> {
        if depth > 8 {
            return Err("references nested too deep".into());
        }
        let mut parts: Vec<Value> = Vec::new();
        for element in &pattern.elements {
            match element {
                PatternElement::TextElement { value } => push_text(&mut parts, value),
                PatternElement::Placeable { expression } => match expression {
                    Expression::Inline(inline) => self.inline(inline, &mut parts, depth)?,
                    Expression::Select { selector, variants } => {
                        let InlineExpression::VariableReference { id } = selector else {
                            return Err("a selector other than a variable".into());
                        };
                        let mut keys = Map::new();
                        let mut default = String::new();
                        for v in variants {
                            let key = match &v.key {
                                fluent_syntax::ast::VariantKey::Identifier { name } => *name,
                                fluent_syntax::ast::VariantKey::NumberLiteral { value } => *value,
                            };
                            if v.default {
                                default = key.to_owned();
                            }
                            keys.insert(
                                key.to_owned(),
                                Value::Array(self.pattern(&v.value, depth + 1)?),
                            );
                        }
                        parts.push(json!({ "s": id.name, "k": keys, "d": default }));
                    }
                },
            }
        }
        Ok(parts)
    }

    fn inline(
        &self,
        inline: &InlineExpression<&str>,
        parts: &mut Vec<Value>,
        depth: u8,
    ) -> Result<(), String> {
        match inline {
            InlineExpression::StringLiteral { value } => push_text(parts, value),
            InlineExpression::NumberLiteral { value } => push_text(parts, value),
            InlineExpression::VariableReference { id } => parts.push(json!({ "v": id.name })),
            InlineExpression::TermReference {
                id,
                attribute: None,
                arguments: None,
            } => {
                let term = self
                    .terms
                    .get(id.name)
                    .ok_or_else(|| format!("no term -{}", id.name))?;
                for p in self.pattern(term, depth + 1)? {
                    match p {
                        Value::String(s) => push_text(parts, &s),
                        other => parts.push(other),
                    }
                }
            }
            InlineExpression::MessageReference {
                id,
                attribute: None,
            } => {
                let message = self
                    .messages
                    .get(id.name)
                    .ok_or_else(|| format!("no message {}", id.name))?;
                for p in self.pattern(message, depth + 1)? {
                    match p {
                        Value::String(s) => push_text(parts, &s),
                        other => parts.push(other),
                    }
                }
            }
            InlineExpression::Placeable { expression } => {
                let inner = fluent_syntax::ast::Pattern {
                    elements: vec![PatternElement::Placeable {
                        expression: (**expression).clone(),
                    }],
                };
                for p in self.pattern(&inner, depth + 1)? {
                    parts.push(p);
                }
            }
            _ => return Err("a function, an attribute or a term with arguments".into()),
        }
        Ok(())
    }
}

/// Adds `text` to `parts`, joined to the string before it if there is one.
fn push_text(parts: &mut Vec<Value>, text: &str) {
    if let Some(Value::String(last)) = parts.last_mut() {
        last.push_str(text);
    } else {
        parts.push(Value::String(text.to_owned()));
    }
}
