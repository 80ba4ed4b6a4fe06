//! γ in a background thread: the UI thread never computes. A job reports progress and its
//! result through a channel; every job has a generation number so that the result of a job
//! started before the latest settings change is recognised as stale and dropped.

use gamma_studio::gamma::RunControl;
use gamma_studio::textgamma::sampler::TextGammaOptions;
use gamma_studio::textgamma::{TextAnnotation, TextGammaResult};
use gamma_studio::{Continuum, Corpus, GammaOptions, GammaResult};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};

/// What a job sends back.
#[derive(Debug)]
pub enum WorkerMessage {
    Progress {
        generation: u64,
        done: usize,
        needed: usize,
    },
    Finished {
        generation: u64,
        result: Result<Box<GammaResult>, String>,
    },
    /// tγ of the document shown (instead of `Finished`, in tγ mode).
    TextGammaFinished {
        generation: u64,
        result: Result<Box<TextGammaResult>, String>,
    },
    /// γ of another open document (sent after the main result and the pairwise γ).
    OtherDocument {
        generation: u64,
        document: usize,
        gamma: Result<f64, String>,
    },
    /// γ of all open documents as one corpus (sent last, when several are open).
    Corpus {
        generation: u64,
        gamma: Result<f64, String>,
    },
    /// γ of one annotator against the gold being adjudicated.
    AgainstGold {
        generation: u64,
        annotator: usize,
        gamma: Result<f64, String>,
    },
    /// γ of one pair of annotators, for the pairwise matrix (sent after the main result).
    Pairwise {
        generation: u64,
        first: usize,
        second: usize,
        gamma: Result<f64, String>,
    },
}

/// A running job: its channel and its cancel flag.
pub struct Job<Message = WorkerMessage> {
    pub generation: u64,
    pub receiver: Receiver<Message>,
    cancel: Arc<AtomicBool>,
}

impl<Message: Send + 'static> Job<Message> {
    /// Runs `work` in a new thread named `name`; it sends its messages through the sender
    /// and should stop when the flag is set.
    pub fn spawn(
        generation: u64,
        name: String,
        work: impl FnOnce(&AtomicBool, &Sender<Message>) + Send + 'static,
    ) -> Job<Message> {
        let (sender, receiver) = channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        std::thread::Builder::new()
            .name(name)
            .spawn(move || work(&flag, &sender))
            .expect("a thread can be started");
        Job {
            generation,
            receiver,
            cancel,
        }
    }
}

impl<Message> Job<Message> {
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}

impl<Message> Drop for Job<Message> {
    /// A replaced job stops as soon as it next checks its flag.
    fn drop(&mut self) {
        self.cancel();
    }
}

/// What a job computes.
pub struct Request {
    pub generation: u64,
    /// The document shown: its full result first.
    pub continuum: Continuum,
    pub options: GammaOptions,
    /// Then γ of every pair of its annotators.
    pub pairwise: bool,
    /// Then γ of the other open documents (their indices in the document list)…
    pub others: Vec<(usize, Continuum)>,
    /// …and of all documents as a corpus, when there are several.
    pub corpus: Option<Corpus>,
    /// tγ instead of γ: the annotators' texts and tokens, and the options.
    pub text_gamma: Option<(Vec<TextAnnotation>, TextGammaOptions)>,
}

/// Starts a job in a new thread; `wake` is called after each message (the app asks egui to
/// repaint).
pub fn start(request: Request, wake: impl Fn() + Send + Sync + 'static) -> Job {
    let generation = request.generation;
    log::info!(
        "job {generation}: {} of {:?} in the background",
        if request.text_gamma.is_some() {
            "tγ"
        } else {
            "γ"
        },
        request.continuum.name
    );
    let (sender, receiver) = channel();
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    std::thread::Builder::new()
        .name(format!("gamma-job-{generation}"))
        .spawn(move || run(&request, &flag, &sender, &wake))
        .expect("a thread can be started");
    Job {
        generation,
        receiver,
        cancel,
    }
}

fn run(
    request: &Request,
    cancel: &AtomicBool,
    sender: &Sender<WorkerMessage>,
    wake: &(dyn Fn() + Send + Sync),
) {
    let generation = request.generation;
    let (continuum, options) = (&request.continuum, &request.options);
    let report = |done: usize, needed: usize| {
        let _ = sender.send(WorkerMessage::Progress {
            generation,
            done,
            needed,
        });
        wake();
    };
    let control = RunControl {
        cancelled: Some(cancel),
        on_progress: Some(&report),
    };
    if let Some((annotations, text_options)) = &request.text_gamma {
        let result =
            gamma_studio::textgamma::sampler::text_gamma(annotations, None, text_options, control)
                .map(Box::new)
                .map_err(|e| e.to_string());
        let _ = sender.send(WorkerMessage::TextGammaFinished { generation, result });
        wake();
        return;
    }
    let result = gamma_studio::gamma(continuum, options, control)
        .map(Box::new)
        .map_err(|e| e.to_string());
    let succeeded = result.is_ok();
    let _ = sender.send(WorkerMessage::Finished { generation, result });
    wake();
    if !succeeded {
        return;
    }
    let quiet = RunControl {
        cancelled: Some(cancel),
        on_progress: None,
    };
    let n = if request.pairwise {
        continuum.n_annotators()
    } else {
        0
    };
    for first in 0..n {
        for second in first + 1..n {
            if cancel.load(Ordering::Relaxed) {
                return;
            }
            let mut pair = continuum.clone();
            pair.annotators = vec![
                continuum.annotators[first].clone(),
                continuum.annotators[second].clone(),
            ];
            let gamma = gamma_studio::gamma(&pair, options, quiet)
                .map(|r| r.gamma)
                .map_err(|e| e.to_string());
            let _ = sender.send(WorkerMessage::Pairwise {
                generation,
                first,
                second,
                gamma,
            });
            wake();
        }
    }
    for (document, other) in &request.others {
        if cancel.load(Ordering::Relaxed) {
            return;
        }
        let gamma = gamma_studio::gamma(other, options, quiet)
            .map(|r| r.gamma)
            .map_err(|e| e.to_string());
        let _ = sender.send(WorkerMessage::OtherDocument {
            generation,
            document: *document,
            gamma,
        });
        wake();
    }
    if let Some(corpus) = &request.corpus
        && !cancel.load(Ordering::Relaxed)
    {
        let gamma = gamma_studio::corpus_gamma(corpus, options, quiet)
            .map(|r| r.gamma)
            .map_err(|e| e.to_string());
        let _ = sender.send(WorkerMessage::Corpus { generation, gamma });
        wake();
    }
}

/// Starts a job computing γ of each annotator against the gold (`continua[i]` holds annotator
/// `i` and the gold, as `Adjudication::annotator_against_gold` builds them).
pub fn start_against_gold(
    generation: u64,
    continua: Vec<Continuum>,
    options: GammaOptions,
    wake: impl Fn() + Send + Sync + 'static,
) -> Job {
    let (sender, receiver) = channel();
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    std::thread::Builder::new()
        .name(format!("gold-gamma-{generation}"))
        .spawn(move || {
            let control = RunControl {
                cancelled: Some(&flag),
                on_progress: None,
            };
            for (annotator, continuum) in continua.iter().enumerate() {
                if flag.load(Ordering::Relaxed) {
                    return;
                }
                let gamma = gamma_studio::gamma(continuum, &options, control)
                    .map(|r| r.gamma)
                    .map_err(|e| e.to_string());
                let _ = sender.send(WorkerMessage::AgainstGold {
                    generation,
                    annotator,
                    gamma,
                });
                wake();
            }
        })
        .expect("a thread can be started");
    Job {
        generation,
        receiver,
        cancel,
    }
}
