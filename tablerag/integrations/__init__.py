"""Drop-ins for RAG frameworks: `tablerag.integrations.langchain` (extra `langchain`) and
`tablerag.integrations.llama_index` (extra `llama-index`). Each module imports its framework; this package does not."""
