// Errors as the Cloud Storage JSON API answers them: an HTTP status and a JSON body
// `{ error: { code, message, errors: [{ domain, reason, message }] } }`, which the Node client
// turns into an ApiError whose `code` is the status.

export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }

  static noSuchObject(bucket: string, name: string): StorageError {
    return new StorageError(404, 'notFound', `No such object: ${bucket}/${name}`);
  }

  static conditionNotMet(): StorageError {
    return new StorageError(
      412,
      'conditionNotMet',
      'At least one of the pre-conditions you specified did not hold.',
    );
  }

  static invalid(message: string): StorageError {
    return new StorageError(400, 'invalid', message);
  }

  get body() {
    const error = { domain: 'global', reason: this.reason, message: this.message };
    return { error: { code: this.status, message: this.message, errors: [error] } };
  }
}
