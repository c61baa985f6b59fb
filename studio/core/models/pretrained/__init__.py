"""Models the user already has: Hugging Face folders on this computer, trained by the studio.

folders.py    finding them (the Hugging Face cache, the user's folders) and sizing them from
              their files, with the reason when the studio cannot train one
library.py    transformers, imported offline and only when such a model is used
loading.py    their weights and tokenizer, loaded local-only and safe
section.py    what their model sections share: the folder, LoRA, the learning rates
tokenizer.py  a causal LM's tokenizer as the text tasks speak to theirs
causal_lm.py  a causal language model as a studio decoder (model.arch "pretrained-lm")
translator_tokenizer.py  a translator's tokenizers as the translation task speaks to its own
marian.py     Marian's decoder layers, each source's cross-attention shared by its rows
translator.py a translator (Marian, opus-mt) as a studio encoder-decoder ("pretrained-mt")
lora.py       LoRA adapters (peft), and the reference GRPO's KL then uses
saving.py     a trained model saved back as a Hugging Face folder
"""
