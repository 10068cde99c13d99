/**
 * Multinomial logistic regression with an L2 penalty, for the learned sentiment weights
 * (SentimentModel.ts): class probabilities of a sparse example, and a deterministic fit by L-BFGS.
 */

/** A sparse example: (feature index, value) pairs and, for fitting, its class index. */
export interface SparseExample {
  readonly features: ReadonlyArray<readonly [number, number]>
  readonly label: number
}

/** Per feature, one weight per class; and one intercept per class (never penalised). */
export interface MultinomialWeights {
  readonly classes: number
  readonly intercept: ReadonlyArray<number>
  /** `weights[feature * classes + class]`. */
  readonly weights: ArrayLike<number>
}

/** The softmax of per-class scores, stable for large scores. */
export const softmax = (scores: ReadonlyArray<number>): Array<number> => {
  const top = Math.max(...scores)
  const exps = scores.map((score) => Math.exp(score - top))
  const total = exps.reduce((sum, value) => sum + value, 0)
  return exps.map((value) => value / total)
}

/** Each class's linear score for one example. */
const classScores = (
  model: MultinomialWeights,
  features: ReadonlyArray<readonly [number, number]>
): Array<number> => {
  const scores = [...model.intercept]
  for (const [feature, value] of features) {
    for (let k = 0; k < model.classes; k++) scores[k] = (scores[k] ?? 0) + value * (model.weights[feature * model.classes + k] ?? 0)
  }
  return scores
}

/** The class probabilities of one example. */
export const probabilities = (
  model: MultinomialWeights,
  features: ReadonlyArray<readonly [number, number]>
): Array<number> => softmax(classScores(model, features))

export interface FitOptions {
  readonly classes: number
  readonly featureCount: number
  /** λ of the penalty λ/2 · Σw² (scikit-learn's C is 1/λ). */
  readonly penalty: number
  readonly maxIterations?: number
}

/**
 * The negative log-likelihood plus penalty, and its gradient, at the parameters `theta`
 * (weights first, then the intercepts).
 */
const objective = (examples: ReadonlyArray<SparseExample>, options: FitOptions, theta: Float64Array) => {
  const { classes, featureCount, penalty } = options
  const model: MultinomialWeights = { classes, intercept: Array.from(theta.subarray(featureCount * classes)), weights: theta }
  const gradient = new Float64Array(theta.length)
  let loss = 0
  for (const example of examples) {
    const p = probabilities(model, example.features)
    loss -= Math.log(Math.max(p[example.label] ?? 0, 1e-300))
    for (let k = 0; k < classes; k++) {
      const error = (p[k] ?? 0) - (k === example.label ? 1 : 0)
      for (const [feature, value] of example.features) {
        gradient[feature * classes + k] = (gradient[feature * classes + k] ?? 0) + value * error
      }
      gradient[featureCount * classes + k] = (gradient[featureCount * classes + k] ?? 0) + error
    }
  }
  for (let i = 0; i < featureCount * classes; i++) {
    const w = theta[i] ?? 0
    loss += (penalty / 2) * w * w
    gradient[i] = (gradient[i] ?? 0) + penalty * w
  }
  return { loss, gradient }
}

const dot = (a: Float64Array, b: Float64Array): number => {
  let sum = 0
  for (let i = 0; i < a.length; i++) sum += (a[i] ?? 0) * (b[i] ?? 0)
  return sum
}

/**
 * Fits the weights by L-BFGS (10 corrections, backtracking line search) from zero, so the same
 * examples always give the same weights. Stops when the largest gradient entry is below 1e-6 per
 * example or the loss stops falling.
 */
export const fitMultinomial = (examples: ReadonlyArray<SparseExample>, options: FitOptions): MultinomialWeights => {
  const size = (options.featureCount + 1) * options.classes
  const memory = 10
  let theta = new Float64Array(size)
  let { gradient, loss } = objective(examples, options, theta)
  const steps: Array<Float64Array> = []
  const changes: Array<Float64Array> = []
  const tolerance = 1e-6 * Math.max(1, examples.length)
  for (let iteration = 0; iteration < (options.maxIterations ?? 1000); iteration++) {
    if (gradient.reduce((top, g) => Math.max(top, Math.abs(g)), 0) < tolerance) break
    // two-loop recursion: the direction -H·g from the remembered steps
    const direction = Float64Array.from(gradient, (g) => -g)
    const alphas: Array<number> = []
    for (let j = steps.length - 1; j >= 0; j--) {
      const s = steps[j] ?? new Float64Array(size)
      const y = changes[j] ?? new Float64Array(size)
      const alpha = dot(s, direction) / dot(y, s)
      alphas[j] = alpha
      for (let i = 0; i < size; i++) direction[i] = (direction[i] ?? 0) - alpha * (y[i] ?? 0)
    }
    const lastStep = steps.at(-1)
    const lastChange = changes.at(-1)
    const scale = lastStep !== undefined && lastChange !== undefined ? dot(lastStep, lastChange) / dot(lastChange, lastChange) : 1 / Math.max(1, examples.length)
    for (let i = 0; i < size; i++) direction[i] = (direction[i] ?? 0) * scale
    for (let j = 0; j < steps.length; j++) {
      const s = steps[j] ?? new Float64Array(size)
      const y = changes[j] ?? new Float64Array(size)
      const beta = dot(y, direction) / dot(y, s)
      for (let i = 0; i < size; i++) direction[i] = (direction[i] ?? 0) + ((alphas[j] ?? 0) - beta) * (s[i] ?? 0)
    }
    const slope = dot(gradient, direction)
    if (slope >= 0) {
      // not a descent direction: forget the history and go down the gradient
      steps.length = 0
      changes.length = 0
      continue
    }
    const stepTo = (stepSize: number) => theta.map((t, i) => t + stepSize * (direction[i] ?? 0))
    let stepSize = 1
    let moved = stepTo(stepSize)
    let next = objective(examples, options, moved)
    while (next.loss > loss + 1e-4 * stepSize * slope && stepSize > 1e-10) {
      stepSize /= 2
      moved = stepTo(stepSize)
      next = objective(examples, options, moved)
    }
    const s = moved.map((t, i) => t - (theta[i] ?? 0))
    const y = next.gradient.map((g, i) => g - (gradient[i] ?? 0))
    const fell = loss - next.loss
    theta = moved
    gradient = next.gradient
    loss = next.loss
    if (dot(s, y) > 1e-12) {
      steps.push(s)
      changes.push(y)
      if (steps.length > memory) {
        steps.shift()
        changes.shift()
      }
    }
    if (fell >= 0 && fell < 1e-12 * Math.max(1, Math.abs(loss))) break
  }
  return {
    classes: options.classes,
    intercept: Array.from(theta.subarray(options.featureCount * options.classes)),
    weights: theta.subarray(0, options.featureCount * options.classes)
  }
}
