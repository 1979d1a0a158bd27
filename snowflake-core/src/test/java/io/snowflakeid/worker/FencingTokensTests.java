package io.snowflakeid.worker;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lease's fencing-token ledger on its own: what a renewal and a release offer the store, and that a renewal
 * completing while a release reads the ledger can never leave the row carrying a token the release did not offer
 * (the release would then match nothing, and the worker id would stay held until its lease end plus the margin).
 */
class FencingTokensTests {

	@Nested
	class WhatARenewalOffers {

		@Test
		void theConfirmedTokenAlone() {
			assertThat(new FencingTokens("a").forRenewal()).containsExactly("a");
		}

		@Test
		void thenTheTokensOfRenewalsThatMayHaveCommitted() {
			FencingTokens tokens = new FencingTokens("a");
			tokens.attempt("b");
			tokens.failed("b", true);
			tokens.attempt("c");
			tokens.failed("c", true);
			assertThat(tokens.forRenewal()).containsExactly("a", "b", "c");
		}

		@Test
		void notTheTokenOfARenewalTheStoreSaysItDidNotApply() {
			FencingTokens tokens = new FencingTokens("a");
			tokens.attempt("b");
			tokens.failed("b", false);
			assertThat(tokens.forRenewal()).containsExactly("a");
			assertThat(tokens.forRelease()).containsExactly("a");
		}

		@Test
		void onlyTheNewTokenAfterASuccess() {
			FencingTokens tokens = new FencingTokens("a");
			tokens.attempt("b");
			tokens.failed("b", true);
			tokens.attempt("c");
			tokens.succeeded("c");
			assertThat(tokens.forRenewal()).containsExactly("c");
			assertThat(tokens.unknown()).isEmpty();
		}

		@Test
		void atMostTheNewestUnknownOutcomesForgettingTheOldest() {
			FencingTokens tokens = new FencingTokens("a");
			for (int i = 0; i < FencingTokens.MAX_UNKNOWN + 3; i++) {
				tokens.attempt("u" + i);
				tokens.failed("u" + i, true);
			}
			assertThat(tokens.unknown()).hasSize(FencingTokens.MAX_UNKNOWN)
				.startsWith("u3")
				.endsWith("u" + (FencingTokens.MAX_UNKNOWN + 2));
			assertThat(tokens.forRenewal()).first().isEqualTo("a");
		}
	}

	@Nested
	class WhatAReleaseOffers {

		@Test
		void alsoTheTokenOfARenewalStillInFlight() {
			FencingTokens tokens = new FencingTokens("a");
			tokens.attempt("b");
			assertThat(tokens.forRenewal()).containsExactly("a");
			assertThat(tokens.forRelease()).containsExactly("a", "b");
		}

		@Test
		void noTokenInFlightOnceTheRenewalWasWithdrawnOrRefused() {
			FencingTokens tokens = new FencingTokens("a");
			tokens.attempt("b");
			tokens.withdrawn();
			assertThat(tokens.forRelease()).containsExactly("a");
			tokens.attempt("c");
			tokens.refused();
			assertThat(tokens.forRelease()).containsExactly("a");
		}

		@Test
		void aRenewalSucceedingWhileTheReleaseReadsIsStillOffered() {
			FencingTokens tokens = new FencingTokens("a");
			tokens.attempt("b");
			// the release has read the in-flight and the confirmed token; the renewal completes now
			tokens.pauseWhileReading = () -> tokens.succeeded("b");
			assertThat(tokens.forRelease()).contains("b");
		}

		@Test
		void aRenewalFailingWhileTheReleaseReadsIsStillOffered() {
			FencingTokens tokens = new FencingTokens("a");
			tokens.attempt("b");
			tokens.pauseWhileReading = () -> tokens.failed("b", true);
			assertThat(tokens.forRelease()).contains("b");
		}

		/**
		 * Seeded search over the ledger's life: renewals attempted, failed (applied or not), succeeded, refused,
		 * withdrawn, with a release reading at a random step, and the next move possibly run in the middle of that
		 * read. Whatever token the row may carry at the end of the read (the last confirmed one, any unknown one,
		 * one in flight when the read began) must be among those the release offers.
		 */
		@Test
		void neverMissesATokenTheRowMayCarryAcrossSeededHistories() {
			int reads = 0;
			for (int seed = 0; seed < 2_000; seed++) {
				SplittableRandom random = new SplittableRandom(seed);
				FencingTokens tokens = new FencingTokens("t0");
				Row row = new Row("t0");
				int next = 1;
				// within the ledger's bound of unknown outcomes (beyond it the oldest is forgotten on purpose)
				int steps = 1 + random.nextInt(FencingTokens.MAX_UNKNOWN - 2);
				int readAt = random.nextInt(steps);
				for (int step = 0; step < steps; step++) {
					String token = "t" + next++;
					Runnable[] moves = renewal(tokens, row, token, random);
					if (step == readAt) {
						moves[0].run(); // attempt published before the read
						AtomicBoolean settled = new AtomicBoolean();
						tokens.pauseWhileReading = () -> {
							if (settled.compareAndSet(false, true)) {
								moves[1].run(); // settles during the read
							}
						};
						List<String> offered = tokens.forRelease();
						tokens.pauseWhileReading = null;
						assertThat(offered).as("seed %d", seed).containsAll(row.possible);
						reads++;
						break;
					}
					moves[0].run();
					moves[1].run();
					if (row.lost) {
						break; // a refused renewal ends the lease: nothing is renewed or released after it
					}
				}
			}
			assertThat(reads).isGreaterThan(1_000);
		}
	}

	/** The tokens the store's row may carry, as far as the outcomes seen so far allow. */
	private static final class Row {

		final List<String> possible = new ArrayList<>();

		boolean lost;

		Row(String token) {
			this.possible.add(token);
		}
	}

	/** One renewal's two moves: publish the attempt; settle it (success, failure applied or not, refusal, withdrawal). */
	private static Runnable[] renewal(FencingTokens tokens, Row row, String token, SplittableRandom random) {
		// a success, a failure that may have applied, one that did not, a withdrawal (the lease closing), and rarely a
		// refusal (which ends the history)
		int roll = random.nextInt(20);
		int outcome = (roll < 6) ? 0 : (roll < 12) ? 1 : (roll < 16) ? 2 : (roll < 19) ? 4 : 3;
		Runnable attempt = () -> {
			tokens.attempt(token);
			if (outcome != 4) { // withdrawn before sending: never reaches the store
				row.possible.add(token); // sent: it may commit from now on
			}
		};
		Runnable settle = switch (outcome) {
			case 0 -> () -> {
				tokens.succeeded(token);
				row.possible.clear();
				row.possible.add(token);
			};
			case 1 -> () -> tokens.failed(token, true);
			case 2 -> () -> {
				tokens.failed(token, false);
				row.possible.remove(token); // the store said it did not apply
			};
			case 3 -> () -> {
				tokens.refused(); // none of the offered tokens matched: the row is someone else's
				row.possible.clear();
				row.lost = true;
			};
			default -> tokens::withdrawn;
		};
		return new Runnable[] { attempt, settle };
	}
}
