// The module is its header's inline function; this file gives the target a source to build.
#include "CChainPrefetch.h"
