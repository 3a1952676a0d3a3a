# A Sphinx site read by MyST-NB (which loads myst_parser): notebooks and text notebooks are pages,
# and the labels of their Markdown cells are targets of the whole site (docs/format.md §16).
project = "Outline fixture (MyST-NB)"
extensions = ["myst_nb"]
nb_execution_mode = "off"
nb_custom_formats = {".Rmd": ["jupytext.reads", {"fmt": "Rmd"}]}
myst_enable_extensions = ["colon_fence"]
