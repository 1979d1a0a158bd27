package io.snowflakeid.worker;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The fencing tokens a lease's row may carry: the token the store last confirmed, those of renewals whose outcome is
 * unknown (they failed after reaching the store, so they may have committed), and the token of the renewal talking to
 * the store right now. A renewal offers the confirmed and unknown ones; a release offers those and the one in flight,
 * so that neither a late commit nor a renewal completing during the release leaves the row held by a token this
 * instance forgot.
 * <p>
 * One renewal at a time moves a token along (the lease's renewal lock): {@link #attempt} publishes it, then
 * {@link #succeeded}, {@link #failed} or {@link #refused} settles it. A release may read without that lock (a
 * renewal's reply is late), so reads and moves run in opposite orders: a token moving during a read is seen in one
 * place or the other, never in neither.
 */
final class FencingTokens {

	/** The most unknown outcomes remembered; beyond that the oldest is forgotten (at worst the lease is lost). */
	static final int MAX_UNKNOWN = 32;

	/** The row's token as last confirmed by the store. */
	private volatile String confirmed;

	/** Tokens of renewals whose outcome is unknown, oldest first; cleared by the next success. */
	private final Set<String> unknown = new LinkedHashSet<>();

	/** The token of the renewal talking to the store right now, published before its UPDATE, or null. */
	private volatile String inFlight;

	/**
	 * Null in production. Tests of this package set it to pause the thread reading the tokens between the confirmed
	 * token and the unknown ones (a renewal completing meanwhile).
	 */
	volatile Runnable pauseWhileReading;

	FencingTokens(String confirmed) {
		this.confirmed = confirmed;
	}

	/** What a renewal offers the store: the confirmed token, then the unknown ones. */
	List<String> forRenewal() {
		return read(false);
	}

	/** What a release offers: those, and the token of a renewal still in flight (it may commit first). */
	List<String> forRelease() {
		return read(true);
	}

	private List<String> read(boolean withInFlight) {
		// In the reverse of the order a renewal moves a token along (in flight, then confirmed or unknown, then no
		// longer in flight), so that a renewal completing meanwhile cannot slip its token past this read.
		String inFlight = this.inFlight;
		List<String> tokens = new ArrayList<>();
		tokens.add(this.confirmed);
		Runnable pause = this.pauseWhileReading;
		if (pause != null) {
			pause.run();
		}
		synchronized (this.unknown) {
			tokens.addAll(this.unknown);
		}
		if (withInFlight && inFlight != null && !tokens.contains(inFlight)) {
			tokens.add(inFlight);
		}
		return tokens;
	}

	/** A renewal is about to send {@code token} to the store. */
	void attempt(String token) {
		this.inFlight = token;
	}

	/** The renewal did not go out after all (the lease is closing). */
	void withdrawn() {
		this.inFlight = null;
	}

	/** The store confirmed {@code token}: it is the row's token, no earlier outcome is pending any more. */
	void succeeded(String token) {
		this.confirmed = token;
		synchronized (this.unknown) {
			this.unknown.clear();
		}
		this.inFlight = null;
	}

	/**
	 * The renewal failed; {@code mayHaveApplied} unless the store said it did not (it may have committed before the
	 * connection broke): then its token is accepted as the row's token next time.
	 */
	void failed(String token, boolean mayHaveApplied) {
		if (mayHaveApplied) {
			rememberUnknown(token);
		}
		this.inFlight = null;
	}

	/** The store refused every token offered: the row is no longer this instance's. */
	void refused() {
		this.inFlight = null;
	}

	/** Package-private also for tests that give a cloned process's copy the original's unknown outcomes. */
	void rememberUnknown(String token) {
		synchronized (this.unknown) {
			this.unknown.add(token);
			if (this.unknown.size() > MAX_UNKNOWN) {
				this.unknown.remove(this.unknown.iterator().next());
			}
		}
	}

	/** The confirmed token (for tests of this package). */
	String confirmed() {
		return this.confirmed;
	}

	/** The tokens of unknown outcomes, oldest first (a copy; for tests of this package). */
	List<String> unknown() {
		synchronized (this.unknown) {
			return new ArrayList<>(this.unknown);
		}
	}
}
