export * as Logging from "./Logging.js"
export * as Main from "./Main.js"
