export * as Collector from "./Collector.js"
export * as Worker from "./Worker.js"
export * as WorkerSettings from "./WorkerSettings.js"
export * as Delivery from "./Delivery.js"
