//! The players' languages on the site: which language a request gets, the `t("id")` function of
//! the page templates, and the page scripts' catalogue at `/i18n/{lang}`.
//!
//! A page's language is the `lang` cookie's (set by the header's language menu), else the first
//! of ours the browser's `Accept-Language` asks for, else English (`oware_i18n::negotiate`). The
//! pages are rendered once per language; their answers say `Vary: Accept-Language, Cookie`.

use std::sync::LazyLock;

use axum::http::{header, HeaderMap};
use cookie::Cookie;
use oware_i18n::{Arg, Lang};
use sha2::{Digest, Sha256};

/// The cookie that keeps a visitor's choice of language.
pub(crate) const LANG_COOKIE: &str = "lang";

/// How long the `lang` cookie keeps a choice: a year.
const LANG_COOKIE_MAX_AGE_S: i64 = 365 * 24 * 3600;

/// The `Set-Cookie` value keeping `lang` as the visitor's language: `Path=/; SameSite=Lax`, a
/// year, not `HttpOnly` (the header's menu of a guest writes the same cookie from the page),
/// `Secure` behind a trusted TLS proxy.
pub(super) fn lang_cookie(lang: Lang, secure: bool) -> axum::http::HeaderValue {
    let cookie = Cookie::build((LANG_COOKIE, lang.code()))
        .path("/")
        .same_site(cookie::SameSite::Lax)
        .max_age(cookie::time::Duration::seconds(LANG_COOKIE_MAX_AGE_S))
        .secure(secure)
        .build();
    axum::http::HeaderValue::from_str(&cookie.to_string())
        .unwrap_or_else(|_| axum::http::HeaderValue::from_static(""))
}

/// The language of a page request: the `lang` cookie, then `Accept-Language`, then English.
pub(super) fn request_lang(headers: &HeaderMap) -> Lang {
    let cookie = headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(Cookie::split_parse)
        .filter_map(Result::ok)
        .find(|c| c.name() == LANG_COOKIE)
        .and_then(|c| c.value_raw().map(str::to_owned));
    let accept = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok());
    oware_i18n::negotiate(None, cookie.as_deref(), accept)
}

/// Writes an error answer's sentence again in the request's language: the message
/// `error-{code}` of the catalogue (`errors.ftl`; every `ErrorCode` has one, `error_ids.rs`'s
/// test) with the error's values. English answers (the server's own sentence, which may say
/// more) and answers that are no error pass as they are. Only an error answer costs anything: the request's two headers are kept (reference
/// counted) and read only then.
pub(super) async fn localize_errors(
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let mut headers = HeaderMap::new();
    for name in [header::COOKIE, header::ACCEPT_LANGUAGE] {
        for value in req.headers().get_all(&name) {
            headers.append(name.clone(), value.clone());
        }
    }
    let mut response = next.run(req).await;
    let Some(text) = response
        .extensions_mut()
        .remove::<super::error::ErrorText>()
    else {
        return response;
    };
    let lang = request_lang(&headers);
    if lang == Lang::En {
        // The server's own sentence, which may say more than the catalogue's.
        return response;
    }
    let args: Vec<(&str, Arg<'_>)> = text
        .args
        .iter()
        .map(|(name, value)| {
            let arg = match value.parse::<f64>() {
                Ok(n) => Arg::Num(n),
                Err(_) => Arg::Str(value.as_str().into()),
            };
            (*name, arg)
        })
        .collect();
    let id = text.code.message_id();
    let body = oware_protocol::ErrorBody::new(text.code, oware_i18n::t(lang, &id, &args));
    let Ok(json) = serde_json::to_vec(&body) else {
        return response;
    };
    let headers = response.headers_mut();
    headers.remove(header::CONTENT_LENGTH);
    headers.insert(
        header::CONTENT_LANGUAGE,
        axum::http::HeaderValue::from_static(lang.code()),
    );
    headers.append(
        header::VARY,
        axum::http::HeaderValue::from_static("Accept-Language, Cookie"),
    );
    *response.body_mut() = axum::body::Body::from(json);
    response
}

/// The templates' `t("id", name=value…)`: the message `id` in the language being rendered (the
/// context's `lang`), with its arguments. A missing id is an error, so a page that names one
/// fails its test rather than showing the id.
pub(super) fn template_t(
    state: &minijinja::State,
    id: &str,
    kwargs: minijinja::value::Kwargs,
) -> Result<String, minijinja::Error> {
    let code = state
        .lookup("lang")
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default();
    let lang = Lang::parse(&code).unwrap_or(Lang::En);
    if !oware_i18n::has(Lang::En, id) {
        return Err(minijinja::Error::new(
            minijinja::ErrorKind::InvalidOperation,
            format!("no message {id} in the catalogue"),
        ));
    }
    let mut args: Vec<(&str, Arg<'_>)> = Vec::new();
    for name in kwargs.args() {
        let value: minijinja::Value = kwargs.get(name)?;
        let arg = match value.as_i64() {
            Some(n) if value.kind() == minijinja::value::ValueKind::Number => Arg::Num(n as f64),
            _ => Arg::Str(value.to_string().into()),
        };
        args.push((name, arg));
    }
    Ok(oware_i18n::t(lang, id, &args))
}

/// The templates' `t_html("id-html")`: a message with markup (`<em>`, `<strong>`, `<a href>`), put
/// in unescaped; only ids ending in `-html` (the catalogue test checks their tags).
pub(super) fn template_t_html(
    state: &minijinja::State,
    id: &str,
    kwargs: minijinja::value::Kwargs,
) -> Result<minijinja::Value, minijinja::Error> {
    if !id.ends_with("-html") {
        return Err(minijinja::Error::new(
            minijinja::ErrorKind::InvalidOperation,
            format!("t_html takes a message whose id ends in -html, not {id}"),
        ));
    }
    Ok(minijinja::Value::from_safe_string(template_t(
        state, id, kwargs,
    )?))
}

/// The languages for the header's menu: (code, name in itself).
pub(super) fn menu() -> Vec<(&'static str, &'static str)> {
    Lang::ALL
        .iter()
        .map(|l| (l.code(), l.native_name()))
        .collect()
}

/// A language's scripts catalogue as served: the JSON and its entity tag.
pub(super) struct Catalogue {
    /// `{"lang": …, "messages": …}` (`oware_i18n::scripts_catalogue`).
    pub json: String,
    /// The SHA-256 of `json`, quoted.
    pub tag: String,
}

/// The scripts' catalogue of every language, made at its first request.
static CATALOGUES: LazyLock<Vec<(Lang, Catalogue)>> = LazyLock::new(|| {
    Lang::ALL
        .iter()
        .map(|&lang| {
            // A catalogue that does not parse (the catalogue's tests stop such a build) gives
            // the page no messages, so it shows their ids, rather than the server failing.
            let json = oware_i18n::scripts_catalogue(lang).unwrap_or_else(|e| {
                tracing::error!(lang = lang.code(), "the scripts' catalogue: {e}");
                format!("{{\"lang\":\"{}\",\"messages\":{{}}}}", lang.code())
            });
            // The strong entity tag, as `assets.rs` makes the files': the SHA-256 in hex, quoted.
            let hex: String = Sha256::digest(json.as_bytes())
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect();
            let tag = format!("\"{hex}\"");
            (lang, Catalogue { json, tag })
        })
        .collect()
});

/// The catalogue `/i18n/{code}` names, if `code` is one of our languages.
pub(super) fn catalogue(path: &str) -> Option<&'static Catalogue> {
    let code = path.strip_prefix("/i18n/")?;
    let lang = Lang::ALL.into_iter().find(|l| l.code() == code)?;
    CATALOGUES.iter().find(|(l, _)| *l == lang).map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::{catalogue, request_lang};
    use axum::http::{header, HeaderMap, HeaderValue};
    use oware_i18n::Lang;

    #[test]
    fn the_cookie_beats_accept_language() {
        let mut h = HeaderMap::new();
        assert_eq!(request_lang(&h), Lang::En);
        h.insert(
            header::ACCEPT_LANGUAGE,
            HeaderValue::from_static("fr-FR,fr;q=0.9"),
        );
        assert_eq!(request_lang(&h), Lang::Fr);
        h.insert(header::COOKIE, HeaderValue::from_static("a=b; lang=de"));
        assert_eq!(request_lang(&h), Lang::De);
        h.insert(header::COOKIE, HeaderValue::from_static("lang=xx"));
        assert_eq!(request_lang(&h), Lang::Fr);
    }

    #[test]
    fn each_language_has_a_catalogue_for_the_scripts() {
        for lang in Lang::ALL {
            let c = catalogue(&format!("/i18n/{}", lang.code())).unwrap();
            let json: serde_json::Value = serde_json::from_str(&c.json).unwrap();
            assert_eq!(json["lang"], lang.code());
        }
        assert!(catalogue("/i18n/xx").is_none());
        assert!(catalogue("/i18n/").is_none());
        assert!(catalogue("/i18n/fr/x").is_none());
    }
}
