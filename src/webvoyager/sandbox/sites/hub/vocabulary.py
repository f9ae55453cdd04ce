"""The hub's fixed vocabulary: tasks, libraries, languages, licences, sizes, model families, organizations
and the words its generated cards, commits and dataset rows are made of."""

from __future__ import annotations




SEED = 90210
MODEL_COUNT = 460
DATASET_COUNT = 240
MODELS_PAGE = 20
DATASETS_PAGE = 20
COMMITS_PAGE = 10
ROWS_PAGE = 20

TASKS = {
    "text-classification": "Text Classification", "token-classification": "Token Classification",
    "question-answering": "Question Answering", "summarization": "Summarization", "translation": "Translation",
    "text-generation": "Text Generation", "fill-mask": "Fill-Mask", "sentence-similarity": "Sentence Similarity",
    "image-classification": "Image Classification", "object-detection": "Object Detection",
    "automatic-speech-recognition": "Automatic Speech Recognition", "text-to-image": "Text-to-Image",
}
LIBRARIES = ("Transformers", "PyTorch", "TensorFlow", "JAX", "ONNX", "Safetensors", "sentence-transformers",
             "Diffusers", "timm", "GGUF")
LANGUAGES = {"en": "English", "fr": "French", "de": "German", "es": "Spanish", "zh": "Chinese", "ja": "Japanese",
             "ar": "Arabic", "hi": "Hindi", "pt": "Portuguese", "ko": "Korean"}
LICENSES = ("apache-2.0", "mit", "cc-by-4.0", "cc-by-sa-4.0", "cc-by-nc-4.0", "openrail", "bsd-3-clause",
            "gpl-3.0", "other")
LICENSE_WEIGHTS = (34, 20, 10, 6, 8, 6, 4, 3, 9)
SIZES = {"lt100m": "< 100M", "100m-1b": "100M – 1B", "1b-10b": "1B – 10B", "gt10b": "> 10B"}
MODEL_SORTS = {"trending": "Trending", "downloads": "Most downloads", "likes": "Most likes", "updated": "Recently updated"}
MODALITIES = ("Text", "Image", "Audio", "Tabular")
SIZE_CATEGORIES = ("n<1K", "1K<n<10K", "10K<n<100K", "100K<n<1M", "1M<n<10M")

NLP_TASKS = ("text-classification", "token-classification", "question-answering", "summarization", "translation",
             "text-generation", "fill-mask", "sentence-similarity")
TASK_WEIGHTS = {"text-classification": 16, "token-classification": 7, "question-answering": 7, "summarization": 7,
                "translation": 9, "text-generation": 18, "fill-mask": 5, "sentence-similarity": 7,
                "image-classification": 8, "object-detection": 5, "automatic-speech-recognition": 7,
                "text-to-image": 5}
FAMILIES = ("lexa", "tessera", "morrow", "quillon", "embera", "kitewing", "larkspur", "fennec", "brindle", "sorrel",
            "vireo", "talonet", "marram", "cobbler", "nettle", "wrenlet")
# size label -> parameters
SIZE_LABELS = {"tiny": 14_500_000, "mini": 33_000_000, "small": 66_000_000, "base": 125_000_000,
               "medium": 350_000_000, "large": 780_000_000, "xl": 1_500_000_000, "3b": 3_200_000_000,
               "7b": 7_240_000_000, "13b": 13_000_000_000, "34b": 34_400_000_000, "70b": 70_600_000_000}
TASK_SIZES = {
    "text-generation": ("small", "base", "medium", "xl", "3b", "7b", "7b", "13b", "34b", "70b"),
    "text-to-image": ("large", "xl", "3b"),
    "translation": ("small", "base", "medium", "large", "xl"),
    "summarization": ("small", "base", "medium", "large", "xl"),
}
DEFAULT_SIZES = ("tiny", "mini", "small", "base", "base", "medium", "large")
SUFFIXES = {
    "text-classification": ("sentiment", "topic", "emotion", "toxicity", "intent", "spam"),
    "token-classification": ("ner", "pos", "chunking"),
    "question-answering": ("qa", "extractive-qa", "faq"),
    "summarization": ("sum-news", "sum-dialogue", "sum-legal"),
    "translation": ("en-ja", "en-fr", "de-en", "en-zh", "es-en", "en-de", "ja-en", "en-ko"),
    "text-generation": ("instruct", "chat", "base", "code", "story"),
    "fill-mask": ("mlm", "cased", "uncased"),
    "sentence-similarity": ("embed", "sts", "retrieval"),
    "image-classification": ("in1k", "food", "plants", "xray"),
    "object-detection": ("det", "street", "retail"),
    "automatic-speech-recognition": ("asr", "speech", "dictation"),
    "text-to-image": ("diffusion", "art", "sketch"),
}
BENCHMARKS = {
    "text-classification": [("PolarityBench", "accuracy"), ("PolarityBench", "F1"), ("NewsTopics-20", "accuracy")],
    "token-classification": [("EntityWatch", "F1"), ("EntityWatch", "precision"), ("TagSet-Universal", "accuracy")],
    "question-answering": [("ReadQA", "exact match"), ("ReadQA", "F1")],
    "summarization": [("BriefNews", "ROUGE-1"), ("BriefNews", "ROUGE-L"), ("ChatDigest", "ROUGE-L")],
    "translation": [("ParaCorpus-test", "BLEU"), ("ParaCorpus-test", "chrF")],
    "text-generation": [("ReasonSet", "accuracy"), ("TruthProbe", "accuracy"), ("CodeTrials", "pass@1")],
    "fill-mask": [("ClozeEval", "accuracy"), ("GlueLite", "average")],
    "sentence-similarity": [("PairScore", "Spearman"), ("RetrieveIt", "nDCG@10")],
    "image-classification": [("PictoNet-1k", "top-1 accuracy"), ("PictoNet-1k", "top-5 accuracy")],
    "object-detection": [("StreetScenes", "mAP"), ("StreetScenes", "mAP@50")],
    "automatic-speech-recognition": [("VoxRead-clean", "WER"), ("VoxRead-noisy", "WER")],
    "text-to-image": [("PromptFidelity", "CLIP score"), ("PromptFidelity", "FID")],
}
ORGS = (
    ("northwind-ai", "Northwind AI", "org", "An applied research lab building compact language models."),
    ("lumen-labs", "Lumen Labs", "org", "Open models for search, ranking and retrieval."),
    ("quasar-research", "Quasar Research", "org", "Large-scale generative models and evaluation suites."),
    ("kestrel-nlp", "Kestrel NLP", "org", "Multilingual NLP for under-served languages."),
    ("bluefin-ml", "Bluefin ML", "org", "Efficient vision and speech models for edge devices."),
    ("tidepool-ai", "Tidepool AI", "org", "Healthcare and scientific text models."),
    ("ironbark", "Ironbark", "org", "Translation systems and parallel corpora."),
    ("sable-speech", "Sable Speech", "org", "Speech recognition for real-world audio."),
    ("opaline-vision", "Opaline Vision", "org", "Image understanding and generation."),
    ("marigold-research", "Marigold Research", "org", "A university group studying robust classifiers."),
    ("deepcove", "DeepCove", "org", "Open chat models and instruction data."),
    ("fernhill-lab", "Fernhill Lab", "org", "Small models, careful benchmarks."),
    ("polaris-ml", "Polaris ML", "org", "Document AI and information extraction."),
    ("cinder-ai", "Cinder AI", "org", "Code generation and developer tools."),
    ("orchid-data", "Orchid Data", "org", "Curated datasets for training and evaluation."),
    ("harbor-analytics", "Harbor Analytics", "org", "Tabular and time-series datasets from public sources."),
    ("mira-okafor", "Mira Okafor", "user", "PhD student working on summarization."),
    ("tomas-lund", "Tomas Lund", "user", "I fine-tune small models for Nordic languages and beyond."),
    ("ayla-chen", "Ayla Chen", "user", "Vision researcher. Diffusion and detection."),
    ("dev-raghav", "Raghav Dev", "user", "Hobbyist; mostly sentiment and intent models."),
    ("kasia-nowak", "Kasia Nowak", "user", "Speech and audio enthusiast."),
    ("jules-martin", "Jules Martin", "user", "French NLP, question answering."),
    ("noor-hassan", "Noor Hassan", "user", "Arabic NLP and translation."),
    ("felix-brandt", "Felix Brandt", "user", "Embeddings and retrieval experiments."),
    ("sora-ito", "Sora Ito", "user", "Japanese language models."),
    ("lena-vogel", "Lena Vogel", "user", "Evaluation nerd; German models."),
    ("pablo-reyes", "Pablo Reyes", "user", "Spanish-language datasets and classifiers."),
    ("hana-kim", "Hana Kim", "user", "Korean NLP and speech."),
    ("omar-said", "Omar Said", "user", "Data engineering and dataset cards."),
    ("ines-costa", "Ines Costa", "user", "Portuguese NLP."),
)
COMMIT_MESSAGES = ("Upload model weights", "Update README.md", "Add evaluation results", "Fix tokenizer config",
                   "Update config.json", "Add ONNX export", "Upload safetensors weights", "Add model card metadata",
                   "Fix typo in README", "Update license", "Add training details", "Upload tokenizer files",
                   "Add citation", "Update generation config", "Improve usage example", "Add limitations section")
DATA_WORDS = {
    "text-classification": ("reviews-sentiment", "news-topics", "tweet-emotions", "support-intents", "spam-messages", "product-reviews"),
    "token-classification": ("entities-news", "clinical-ner", "pos-treebank", "resume-entities"),
    "question-answering": ("reading-qa", "faq-pairs", "trivia-questions", "open-book-qa"),
    "summarization": ("news-summaries", "meeting-digests", "legal-briefs", "paper-abstracts"),
    "translation": ("parallel-en-ja", "parallel-en-fr", "parallel-de-en", "parallel-en-zh", "subtitles-es-en"),
    "text-generation": ("instructions", "chat-dialogues", "code-snippets", "short-stories", "math-word-problems"),
    "fill-mask": ("wiki-sentences", "web-text-clean"),
    "sentence-similarity": ("paraphrase-pairs", "query-passage-pairs"),
    "image-classification": ("food-photos", "plant-leaves", "chest-xrays", "street-signs"),
    "object-detection": ("street-scenes", "shelf-products", "drone-views"),
    "automatic-speech-recognition": ("read-speech", "call-center-audio", "podcast-clips", "accented-english"),
    "text-to-image": ("caption-image-pairs", "sketch-prompts"),
}
LABELS = {
    "text-classification": ("positive", "negative", "neutral"),
    "token-classification": ("PER", "ORG", "LOC", "MISC", "O"),
    "image-classification": ("apple", "bread", "curry", "dumpling", "salad", "soup"),
    "object-detection": ("car", "bicycle", "person", "traffic light", "bus"),
}
SUBJECTS = ("the delivery", "the new phone", "this hotel", "the service", "the update", "the film", "the battery",
            "our order", "the staff", "the app", "the meal", "the concert")
OPINIONS = ("arrived late and cold", "works better than expected", "was fine, nothing special", "is a total letdown",
            "made my week", "could be improved", "exceeded every promise", "is okay for the price",
            "stopped working after a day", "was quick and friendly")
