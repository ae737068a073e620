// The headless session API (issue 7) lands here; until then the import keeps the target honest.
import ChainTUI
