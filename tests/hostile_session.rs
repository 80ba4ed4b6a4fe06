//! Issue 35: a session is validated against the document it claims before use. A session
//! whose copy of the document was edited (an invented category), or another document's
//! session whose fingerprint was edited to match, is refused with the reason.

use gamma_core::gamma::DocumentAlignment;
use gamma_core::gold::Adjudication;
use gamma_core::{Continuum, GammaOptions, Unit};
use gamma_formats::session::{Session, content_key};

fn document(name: &str, second: f64) -> Continuum {
    let mut continuum = Continuum::new(name);
    continuum.add_unit("a", Unit::new(0.0, 5.0, "X").unwrap());
    continuum.add_unit("b", Unit::new(second, 5.0, "X").unwrap());
    continuum
}

fn session_of(continuum: &Continuum) -> Session {
    let aligned = DocumentAlignment::of(continuum, &GammaOptions::default()).unwrap();
    let mut adjudication =
        Adjudication::new(continuum.clone(), &aligned.problem, &aligned.alignment, "t");
    adjudication.decide_unanimous();
    Session::new(Vec::new(), GammaOptions::default(), adjudication)
}

#[test]
fn a_session_whose_document_was_edited_or_swapped_is_refused() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("s.json");
    let doc = document("d", 1.0);
    session_of(&doc).save(&path).unwrap();
    assert!(Session::resume(&path, &doc).unwrap().is_some());
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();

    // A category invented in the session's copy of the document.
    let text = serde_json::to_string(&saved).unwrap();
    assert!(text.matches("\"X\"").count() >= 2, "{text}");
    let edited = path.with_file_name("edited.json");
    std::fs::write(&edited, text.replacen("\"X\"", "\"Invented\"", 1)).unwrap();
    let error = Session::resume(&edited, &doc).unwrap_err();
    assert!(
        error
            .message
            .starts_with("damaged session: the document it holds (fingerprint "),
        "{error}"
    );
    assert!(
        error.message.ends_with(&format!(
            ") is not the one it claims ({}): it was edited or belongs to another document",
            content_key(&doc)
        )),
        "{error}"
    );

    // Another document's session, its fingerprint field edited to this document's.
    let other = document("d", 2.0);
    let swapped = path.with_file_name("swapped.json");
    session_of(&other).save(&swapped).unwrap();
    let mut json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&swapped).unwrap()).unwrap();
    json["fingerprint"] = content_key(&doc).into();
    std::fs::write(&swapped, json.to_string()).unwrap();
    let error = Session::resume(&swapped, &doc).unwrap_err();
    assert_eq!(
        error.to_string(),
        format!(
            "{}: damaged session: the document it holds (fingerprint {}) is not the one it claims ({}): it was edited or belongs to another document",
            swapped.display(),
            content_key(&other),
            content_key(&doc)
        )
    );
}
