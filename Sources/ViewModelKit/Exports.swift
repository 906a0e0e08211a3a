// ViewModelKit re-exports the reactive layer, so a feature module needs a single import.
// On Apple platforms OpenCombineShim is Apple's Combine; on Linux it is OpenCombine.
@_exported import CombineSchedulers
@_exported import Dispatch
@_exported import OpenCombineShim
