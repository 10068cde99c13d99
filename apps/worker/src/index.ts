export * as Collector from "./Collector.js"
export * as Worker from "./Worker.js"
export * as WorkerSettings from "./WorkerSettings.js"
