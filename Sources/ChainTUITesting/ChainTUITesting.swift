public import ChainTUI
