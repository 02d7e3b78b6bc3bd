// The package ships types its "exports" map does not expose; this is the part we use.
declare module '@web3-storage/multipart-parser' {
  export interface MultipartPart {
    name: string;
    filename?: string;
    mediaType?: string;
    data: AsyncIterable<Uint8Array>;
    done: boolean;
  }
  export function streamMultipart(body: ReadableStream<Uint8Array>, boundary: string): AsyncIterable<MultipartPart>;
}
