// Workloads 3 and 4: combineLatest and flatMap(.latest); added once the operators land.

func combiningWorkloads(scale: Int) -> [Workload] { [] }
