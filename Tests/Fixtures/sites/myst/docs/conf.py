# A small Sphinx site with MyST for SiteGeneratorTests: every MyST rule outline reads
# (docs/format.md §16), with links that work in the built site and links that it breaks.
project = "Outline fixture (MyST)"
extensions = ["myst_parser", "sphinx.ext.intersphinx"]
myst_enable_extensions = ["colon_fence", "attrs_block", "attrs_inline", "deflist"]
myst_heading_anchors = 2
# Another project's inventory, read from this directory (offline): `other:` roles name it.
intersphinx_mapping = {"other": ("https://other.invalid/", "other.inv")}
