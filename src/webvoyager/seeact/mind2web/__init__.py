"""Offline evaluation on Multimodal-Mind2Web: data loaders, MindAct's metrics, and the evaluator."""
