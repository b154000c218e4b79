"""LangChain and LlamaIndex drop-ins over a small real index: a real TAT-QA table (examples/) for one tenant and a
copy with other numbers for another. An LCEL chain and a LlamaIndex query engine (its own MockLLM, which echoes the
prompt) return the cited rows; loaders and readers yield row records with provenance and name unreadable files."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import REPO

from tablerag.pipeline import Index

QUESTION = "What is the amount of total sales in 2019?"
SALES = REPO / "examples" / "tatqa-sales-by-contract-type.csv"
WORKBOOK = REPO / "examples" / "statcan-agri-workers-nb-2011.xlsx"


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Index]:
    root = tmp_path_factory.mktemp("integrations")
    other = root / "other.csv"
    other.write_text(SALES.read_text(encoding="utf-8").replace("1,496.5", "9,999.9"), encoding="utf-8")
    with Index(root / "index") as idx:
        assert idx.add([SALES], tenant="acme", version="fy2019").count("added") == 1
        assert idx.add([other], tenant="globex").count("added") == 1
        yield idx


def _broken(tmp: Path) -> Path:
    bad = tmp / "not-a-pdf.pdf"
    bad.write_text("name,value\na,1\n", encoding="utf-8")
    return bad


def test_langchain_lcel_chain_returns_cited_rows(index: Index) -> None:
    from langchain_core.documents import Document
    from langchain_core.runnables import RunnableLambda

    from tablerag.integrations.langchain import TableragRetriever

    def cite(docs: list[Document]) -> list[str]:
        return [f"{d.page_content} [{Path(d.metadata['file']).name} row {d.metadata['row']}]" for d in docs]

    chain = TableragRetriever(index=index, k=3, filters={"tenant": "acme"}) | RunnableLambda(cite)
    lines = chain.invoke(QUESTION)
    assert "Total sales" in lines[0] and "1,496.5" in lines[0]
    assert lines[0].endswith(f"[{SALES.name} row 4]")  # grid row 4: the fifth CSV line, header rows included
    top = TableragRetriever(index=index, k=3, filters={"tenant": "acme"}).invoke(QUESTION)[0]
    meta = top.metadata
    assert meta["source"] == meta["file"] == str(SALES) and meta["version"] == "fy2019"
    assert meta["table_id"] and meta["sha256"] and meta["kind"] == "row" and meta["score"] > 0
    assert meta["row"] == 4 and meta["id"] == top.id  # a CSV has no page or sheet: its grid row is its line
    other = TableragRetriever(index=index, k=3, filters={"tenant": "globex"}).invoke(QUESTION)
    assert other and all(d.metadata["file"].endswith("other.csv") for d in other)
    assert "9,999.9" in other[0].page_content


def test_langchain_loader_yields_rows_and_names_bad_files(tmp_path: Path) -> None:
    from tablerag.integrations.langchain import TableragLoader

    loader = TableragLoader([SALES, _broken(tmp_path), WORKBOOK], version="v1")
    docs = loader.load()
    sales = [d for d in docs if d.metadata["file"] == str(SALES)]
    assert [d.metadata["row"] for d in sales] == [2, 3, 4]  # the three data rows under two header rows
    assert "Other" in sales[1].page_content and "44.1" in sales[1].page_content
    assert all(d.metadata["version"] == "v1" for d in docs)
    book = [d for d in docs if d.metadata["file"] == str(WORKBOOK)]
    assert book and all(d.metadata["sheet"] and d.metadata["sheet_row"] >= 1 for d in book)
    assert len(sales) + len(book) == len(docs)
    assert len(loader.errors) == 1 and "not-a-pdf.pdf" in loader.errors[0] and "not a PDF" in loader.errors[0]


def test_llama_index_query_engine_returns_cited_source_nodes(index: Index) -> None:
    from llama_index.core.llms import MockLLM
    from llama_index.core.query_engine import RetrieverQueryEngine

    from tablerag.integrations.llama_index import TableragRetriever

    retriever = TableragRetriever(index, k=3, filters={"tenant": "acme"})
    engine = RetrieverQueryEngine.from_args(retriever, llm=MockLLM())
    response = engine.query(QUESTION)
    top = response.source_nodes[0]
    assert "Total sales" in top.node.get_content() and top.score is not None and top.score > 0
    assert top.node.metadata["file"] == str(SALES) and top.node.metadata["row"] == 4
    assert top.node.metadata["version"] == "fy2019" and top.node.metadata["table_id"]
    assert "1,496.5" in str(response)  # MockLLM echoes its prompt: the retrieved rows reached the LLM
    assert all(n.node.metadata["file"] == str(SALES) for n in response.source_nodes)


def test_llama_index_reader_yields_rows_and_names_bad_files(tmp_path: Path) -> None:
    from tablerag.integrations.llama_index import TableragReader

    reader = TableragReader()
    docs = reader.load_data([SALES, _broken(tmp_path)])
    assert [d.metadata["row"] for d in docs] == [2, 3, 4]
    assert "Fixed Price" in docs[0].text and docs[0].metadata["table_id"]
    assert len(reader.errors) == 1 and "not-a-pdf.pdf" in reader.errors[0]
