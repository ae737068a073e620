public import ChainKit
