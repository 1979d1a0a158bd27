package io.snowflakeid.spring.internal;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * Start-up work run on a thread of its own while the context goes on, and taken before the context is ready. Its
 * failure is rethrown where it is taken, as the same exception: failure analyzers and callers see what they would
 * have seen had it run on the context's thread.
 */
public final class BackgroundTask<T> {

	private final CompletableFuture<T> result;

	private final AtomicBoolean marked = new AtomicBoolean();

	private BackgroundTask(CompletableFuture<T> result) {
		this.result = result;
	}

	/** Runs {@code work} on a daemon thread named {@code name}, with the caller's context class loader. */
	public static <T> BackgroundTask<T> start(String name, Supplier<T> work) {
		CompletableFuture<T> result = new CompletableFuture<>();
		Thread thread = new Thread(() -> run(work, result), name);
		thread.setDaemon(true);
		thread.setContextClassLoader(Thread.currentThread().getContextClassLoader());
		thread.start();
		return new BackgroundTask<>(result);
	}

	public static BackgroundTask<Void> start(String name, Runnable work) {
		return start(name, () -> {
			work.run();
			return null;
		});
	}

	private static <T> void run(Supplier<T> work, CompletableFuture<T> result) {
		try {
			result.complete(work.get());
		}
		catch (Throwable ex) { // whatever it is (a checked exception thrown sneakily too): nobody may wait forever
			result.completeExceptionally(ex);
		}
	}

	/** Runs {@code action} with the result: now if the work succeeded, else when it succeeds; never if it fails. */
	public void whenDone(java.util.function.Consumer<? super T> action) {
		this.result.thenAccept(action);
	}

	/** The result, waiting for it; the work's own exception if it failed. */
	public T join() {
		try {
			return this.result.get();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while waiting for start-up work", ex);
		}
		catch (ExecutionException ex) {
			Throwable cause = ex.getCause();
			if (cause instanceof RuntimeException runtime) {
				if (this.marked.compareAndSet(false, true)) {
					runtime.addSuppressed(new TakenHere());
				}
				throw runtime;
			}
			if (cause instanceof Error error) {
				throw error;
			}
			throw new IllegalStateException("Start-up work failed: " + cause, cause);
		}
	}

	/** The result once the work ends, or null if it failed or the wait was interrupted. */
	public T awaitQuietly() {
		try {
			return this.result.get();
		}
		catch (ExecutionException ex) {
			return null;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return null;
		}
	}

	/** Where the context took the failure of work that ran on another thread (the failure's stack shows that one). */
	private static final class TakenHere extends RuntimeException {

		private static final long serialVersionUID = 1L;

		TakenHere() {
			super("taken here by the application context's start");
		}
	}
}
