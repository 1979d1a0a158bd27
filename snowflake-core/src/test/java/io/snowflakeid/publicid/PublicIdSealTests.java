package io.snowflakeid.publicid;

import java.util.Base64;
import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static io.snowflakeid.publicid.PublicIdCodecTests.KEY_1;
import static io.snowflakeid.publicid.PublicIdCodecTests.KEY_2;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Sealed text (pagination cursors holding ids): what goes out shows nothing of the text, and only what this codec
 * sealed, unaltered, in the same domain, comes back.
 */
class PublicIdSealTests {

	private static final String CURSOR = "K_[{\"id\":[\"java.lang.Long\",912207628317364225]}]";

	private static final String P = "graphql-cursor";

	private final PublicIdCodec codec = PublicIdCodec.builder().key("1", KEY_1).build();

	@Test
	void sealedTextComesBackAndShowsNothingOfItself() {
		String sealed = this.codec.seal(P, CURSOR);
		assertThat(this.codec.open(P, sealed)).isEqualTo(CURSOR);
		assertThat(sealed).startsWith("1").doesNotContain("912207628317364225");
		String decoded = new String(Base64.getUrlDecoder().decode(sealed.substring(1)), java.nio.charset.StandardCharsets.ISO_8859_1);
		assertThat(decoded).doesNotContain("912207628317364225").doesNotContain("java.lang.Long");
	}

	/** The length shows in steps of 32 bytes only: ids of 1 and 19 digits seal to the same length. */
	@Test
	void theLengthShowsInStepsOf32BytesOnly() {
		assertThat(this.codec.seal(P, "K_[{\"id\":1}]")).hasSameSizeAs(this.codec.seal(P, "K_[{\"id\":912207628317364}]"));
		assertThat(this.codec.seal(P, "")).hasSizeLessThan(this.codec.seal(P, "x".repeat(32)).length());
		assertThat(this.codec.open(P, this.codec.seal(P, ""))).isEmpty();
		String withZeros = "a\u0000\u0000"; // trailing zero bytes of the text are the text's, not padding
		assertThat(this.codec.open(P, this.codec.seal(P, withZeros))).isEqualTo(withZeros);
	}

	@Test
	void overlongInputIsRefusedUnread() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.codec.open(P, "1" + "A".repeat(PublicIdCodec.MAX_SEALED_LENGTH)));
	}

	@Test
	void theSameTextSealsDifferentlyEachTime() {
		Set<String> sealed = new HashSet<>();
		for (int i = 0; i < 100; i++) {
			sealed.add(this.codec.seal(P, CURSOR));
		}
		assertThat(sealed).hasSize(100);
	}

	@Test
	void everyAlteredCharacterIsRefused() {
		String sealed = this.codec.seal(P, CURSOR);
		for (int i = 1; i < sealed.length(); i++) {
			char replacement = (sealed.charAt(i) == 'A') ? 'B' : 'A';
			String altered = sealed.substring(0, i) + replacement + sealed.substring(i + 1);
			assertThatIllegalArgumentException().isThrownBy(() -> this.codec.open(P, altered))
				.withMessage("Invalid sealed value: altered, made up, or sealed with another key, domain or purpose");
		}
	}

	@Test
	void madeUpTextAnotherKeyAndAnotherDomainAreRefused() {
		PublicIdCodec other = PublicIdCodec.builder().key("1", KEY_2).build();
		for (String made : new String[] { null, "", "1", "1abc", "9" + this.codec.seal(P, CURSOR).substring(1), "1!!!!",
				other.seal(P, CURSOR), this.codec.forDomain("invoice").seal(P, CURSOR),
				Base64.getUrlEncoder().encodeToString(CURSOR.getBytes()) }) {
			assertThatIllegalArgumentException().as(String.valueOf(made)).isThrownBy(() -> this.codec.open(P, made));
		}
		assertThat(this.codec.forDomain("invoice").open(P, this.codec.forDomain("invoice").seal(P, CURSOR))).isEqualTo(CURSOR);
		assertThatIllegalArgumentException().as("another purpose")
			.isThrownBy(() -> this.codec.open("continuation", this.codec.seal(P, CURSOR)));
	}

	@Test
	void textSealedWithAnEarlierKeyOpensAfterARotation() {
		String sealed = this.codec.seal(P, CURSOR);
		PublicIdCodec rotated = PublicIdCodec.builder().key("1", KEY_1).key("2", KEY_2).currentVersion('2').build();
		assertThat(rotated.open(P, sealed)).isEqualTo(CURSOR);
		assertThat(rotated.seal(P, CURSOR)).startsWith("2");
	}
}
