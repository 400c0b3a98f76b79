// The package ships JavaScript only: what Segue uses of its API (its README), typed.
declare module 'signalsmith-stretch' {
  export interface StretchSchedule {
    /** The audio context's time of the change (default: now). */
    output?: number;
    active?: boolean;
    /** Seconds into the buffers. */
    input?: number;
    rate?: number;
    semitones?: number;
    loopStart?: number;
    loopEnd?: number;
  }

  export interface StretchNode extends AudioWorkletNode {
    /** Seconds into the buffers, as last reported by the worklet. */
    inputTime: number;
    schedule(change: StretchSchedule): Promise<unknown>;
    start(when?: number): Promise<unknown>;
    stop(when?: number): Promise<unknown>;
    /** One typed array per channel, all of a length; the last argument may list what to transfer. */
    addBuffers(channels: Float32Array[], transfer?: Transferable[]): Promise<number>;
    dropBuffers(): Promise<unknown>;
    setUpdateInterval(seconds: number, callback?: (inputTime: number) => void): Promise<unknown>;
  }

  interface SignalsmithStretchFactory {
    (context: BaseAudioContext, options?: AudioWorkletNodeOptions): Promise<StretchNode>;
    /** The worklet module's address; without it the package makes a blob: URL of its own code. */
    moduleUrl?: string;
  }

  const SignalsmithStretch: SignalsmithStretchFactory;
  export default SignalsmithStretch;
}
