package io.snowflakeid.publicid;

/**
 * A token that is not a public id of this codec. The {@link #reason()} says which test it failed, never which
 * part of a key was involved: the message is safe to show to the client that sent the token (an HTTP 400).
 */
public class InvalidPublicIdException extends IllegalArgumentException {

	private static final long serialVersionUID = 1L;

	/** Why a token was refused. */
	public enum Reason {

		/**
		 * Not the alphabet's length, or a character outside the alphabet (for {@code crockford-base32}, the message
		 * names a lower-case character, or an I, L, O or U, and what to write instead).
		 */
		MALFORMED("malformed (expected %d characters of the %s alphabet)"),

		/**
		 * The first character names a key version this codec does not have: a token of a retired key, or of another
		 * application.
		 */
		UNKNOWN_KEY_VERSION("unknown key version"),

		/**
		 * The token decrypts to no valid id: tampered, made up, or encrypted with another key of the same version.
		 */
		FAILED_CHECK("failed check"),

		/** Authentic, but its id is outside the layout this codec was built for. */
		OUT_OF_RANGE("id out of the layout's range");

		private final String description;

		Reason(String description) {
			this.description = description;
		}
	}

	private final Reason reason;

	InvalidPublicIdException(Reason reason, PublicIdAlphabet alphabet) {
		this(reason, alphabet, null);
	}

	/** @param detail what exactly is malformed, safe to show to the client, or {@code null} */
	InvalidPublicIdException(Reason reason, PublicIdAlphabet alphabet, String detail) {
		super("Invalid public id: " + (reason == Reason.MALFORMED
				? String.format(reason.description, alphabet.tokenLength(), alphabet.settingValue())
				: reason.description) + ((detail == null) ? "" : ": " + detail));
		this.reason = reason;
	}

	/** Which test the token failed. */
	public Reason reason() {
		return this.reason;
	}
}
