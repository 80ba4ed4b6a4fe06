//! The browser's logic without a window: listings, filters, typed paths, the overwrite
//! question, new folders.

use super::*;

fn save(dir: &Path, name: &str) -> Browser {
    let request = Request::Save { name: name.into() };
    Browser::new("Export", request, dir.to_path_buf(), Vec::new())
}

fn open(dir: &Path) -> Browser {
    let request = Request::Open {
        many: true,
        extensions: Vec::new(),
    };
    Browser::new("Open", request, dir.to_path_buf(), Vec::new())
}

#[test]
fn a_folder_lists_its_folders_then_the_files_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["b.aa", "a.csv", "c.txt", ".hidden.aa"] {
        std::fs::write(dir.path().join(name), "").unwrap();
    }
    std::fs::create_dir(dir.path().join("zeta")).unwrap();
    let names = |extensions: &[&str]| -> Vec<String> {
        let extensions: Vec<String> = extensions.iter().map(|e| e.to_string()).collect();
        list(dir.path(), &extensions)
            .unwrap()
            .into_iter()
            .map(|e| e.name)
            .collect()
    };
    assert_eq!(names(&["aa", "csv"]), ["zeta", "a.csv", "b.aa"]);
    assert_eq!(names(&[]), ["zeta", "a.csv", "b.aa", "c.txt"]);
    let missing = list(&dir.path().join("nowhere"), &[]).unwrap_err();
    assert!(
        missing.contains("nowhere") && missing.contains("cannot be listed"),
        "{missing}"
    );
}

#[test]
fn the_filters_are_the_formats_and_all_files() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["b.aa", "a.csv", "c.png"] {
        std::fs::write(dir.path().join(name), "").unwrap();
    }
    let mut browser = open(dir.path());
    let labels: Vec<&str> = browser.filters.iter().map(|f| f.label.as_str()).collect();
    assert_eq!(labels[0], "annotation files");
    assert!(labels.contains(&"Glozz (.aa)"), "{labels:?}");
    assert_eq!(labels.last(), Some(&"all files"));
    let shown = |b: &Browser| -> Vec<String> {
        b.entries
            .clone()
            .unwrap()
            .into_iter()
            .map(|e| e.name)
            .collect()
    };
    assert_eq!(
        shown(&browser),
        ["a.csv", "b.aa"],
        "no PNG among annotations"
    );
    browser.filter = labels.iter().position(|l| *l == "Glozz (.aa)").unwrap();
    browser.enter(dir.path().to_path_buf());
    assert_eq!(shown(&browser), ["b.aa"]);
    browser.filter = browser.filters.len() - 1;
    browser.enter(dir.path().to_path_buf());
    assert_eq!(shown(&browser), ["a.csv", "b.aa", "c.png"]);
    let saving = save(dir.path(), "gold.aa");
    let labels: Vec<&str> = saving.filters.iter().map(|f| f.label.as_str()).collect();
    assert_eq!(labels, [".aa", "all files"]);
}

#[test]
fn saving_needs_a_name_in_an_existing_folder() {
    let dir = tempfile::tempdir().unwrap();
    let mut browser = save(dir.path(), "gold.aa");
    assert_eq!(browser.problem(), None, "the suggested name");
    assert_eq!(browser.field_path(), Some(dir.path().join("gold.aa")));
    browser.field = "missing/gold.aa".into();
    assert_eq!(browser.problem().as_deref(), Some("no such folder"));
    assert_eq!(browser.confirm(), Confirmed::Nothing);
    browser.field = String::new();
    assert_eq!(browser.problem().as_deref(), Some("name the file"));
}

#[test]
fn saving_over_an_existing_file_asks_first() {
    let dir = tempfile::tempdir().unwrap();
    let existing = dir.path().join("gold.aa");
    std::fs::write(&existing, "kept").unwrap();
    let mut browser = save(dir.path(), "gold.aa");
    assert_eq!(browser.confirm(), Confirmed::AskOverwrite);
    assert_eq!(browser.overwrite.as_ref(), Some(&existing));
    assert_eq!(browser.answer_overwrite(false), None, "kept: no answer");
    assert_eq!(browser.overwrite, None, "the question is gone");
    assert_eq!(std::fs::read_to_string(&existing).unwrap(), "kept");
    assert_eq!(browser.confirm(), Confirmed::AskOverwrite, "asked again");
    assert_eq!(browser.answer_overwrite(true), Some(vec![existing]));
    browser.field = "other.aa".into();
    assert_eq!(
        browser.confirm(),
        Confirmed::Answer(vec![dir.path().join("other.aa")]),
        "a new file is not asked about"
    );
}

#[test]
fn a_typed_folder_is_entered_and_a_typed_file_answered() {
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("annotations");
    std::fs::create_dir(&sub).unwrap();
    std::fs::write(sub.join("a.aa"), "").unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    let mut browser = open(elsewhere.path());
    // A whole path to a folder: the folder is listed, not "is not a file".
    browser.field = sub.display().to_string();
    assert_eq!(
        browser.problem(),
        Some(format!("{} is not a file", sub.display()))
    );
    assert_eq!(browser.confirm(), Confirmed::Entered);
    assert_eq!(browser.folder, sub);
    assert_eq!(browser.field, "");
    // A name in it: the answer.
    browser.field = "a.aa".into();
    assert_eq!(browser.confirm(), Confirmed::Answer(vec![sub.join("a.aa")]));
    // A relative folder, then the parent on the folder line.
    let mut browser = open(dir.path());
    browser.field = "annotations".into();
    assert_eq!(browser.confirm(), Confirmed::Entered);
    assert_eq!(browser.folder, sub);
    browser.folder_field = "..".into();
    browser.go_to_typed_folder();
    assert_eq!(browser.folder, sub.join(".."));
    assert!(browser.folder.join("annotations").is_dir());
    // A folder line that names no folder says so and stays.
    browser.folder_field = "nowhere".into();
    browser.go_to_typed_folder();
    assert!(
        browser
            .failure
            .as_ref()
            .unwrap()
            .ends_with("nowhere is not a folder"),
        "{:?}",
        browser.failure
    );
    // A missing file is named as missing.
    browser.field = "missing.aa".into();
    assert!(
        browser
            .problem()
            .unwrap()
            .ends_with("missing.aa does not exist")
    );
    // Saving into a typed folder keeps the suggested name.
    let mut saving = save(elsewhere.path(), "gold.aa");
    saving.field = sub.display().to_string();
    assert_eq!(saving.confirm(), Confirmed::Entered);
    assert_eq!(saving.field, "gold.aa");
    assert_eq!(saving.field_path(), Some(sub.join("gold.aa")));
}

#[test]
fn the_home_folder_is_typed_with_a_tilde() {
    let Some(home) = dirs::home_dir() else {
        println!("no home folder: nothing to test");
        return;
    };
    let folder = Path::new("/somewhere");
    assert_eq!(typed_path("~", folder), Some(home.clone()));
    assert_eq!(typed_path("~/a.aa", folder), Some(home.join("a.aa")));
    assert_eq!(typed_path(" a.aa ", folder), Some(folder.join("a.aa")));
    assert_eq!(typed_path("  ", folder), None);
}

#[test]
fn a_new_folder_is_made_in_the_folder_and_entered() {
    let dir = tempfile::tempdir().unwrap();
    let mut browser = save(dir.path(), "gold.aa");
    browser.make_folder("exports");
    assert_eq!(browser.folder, dir.path().join("exports"));
    assert!(browser.folder.is_dir());
    assert_eq!(
        browser.field_path(),
        Some(dir.path().join("exports/gold.aa"))
    );
    browser.make_folder("a/b");
    assert_eq!(
        browser.failure.as_deref(),
        Some("a new folder needs a name without /")
    );
    browser.enter(dir.path().to_path_buf());
    browser.make_folder("exports");
    let failure = browser.failure.clone().unwrap();
    assert!(failure.contains("exports cannot be made"), "{failure}");
    assert_eq!(browser.folder, dir.path(), "stays where it was");
}

/// Choosing a folder: a new folder typed in an existing one is the answer (an export creates
/// it), never the folder listed or its parent; a path under a missing folder or a file cannot
/// be chosen; an empty field chooses the folder listed.
#[test]
fn a_typed_new_folder_is_chosen_as_typed() {
    let dir = tempfile::tempdir().unwrap();
    let mut browser = Browser::new(
        "Export",
        Request::Folder,
        dir.path().to_path_buf(),
        Vec::new(),
    );
    assert_eq!(browser.chosen_folder(), Ok(dir.path().to_path_buf()));
    let new = dir.path().join("out");
    browser.field = new.display().to_string();
    assert_eq!(browser.chosen_folder(), Ok(new.clone()));
    browser.field = "out".into();
    assert_eq!(
        browser.chosen_folder(),
        Ok(new.clone()),
        "relative to the folder listed"
    );
    assert!(!new.exists(), "choosing creates nothing");
    let deep = dir.path().join("missing/out");
    browser.field = deep.display().to_string();
    assert_eq!(
        browser.chosen_folder(),
        Err(format!("no such folder: {}", deep.display()))
    );
    std::fs::write(dir.path().join("a.csv"), "").unwrap();
    browser.field = "a.csv".into();
    assert_eq!(
        browser.chosen_folder(),
        Err(format!("{} is a file", dir.path().join("a.csv").display()))
    );
}
