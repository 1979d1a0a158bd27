package io.snowflakeid.quarkus.deployment.publicid;

import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.publicid.PublicIdCodec;
import jakarta.inject.Inject;
import jakarta.json.bind.Jsonb;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** JSON-B with a key: {@code @PublicId} fields and accessors are tokens, out and in; a raw id in is refused. */
class PublicIdJsonbTest {

	@RegisterExtension
	static final QuarkusUnitTest app = PublicIdApps.withKey("public-id-jsonb", Voucher.class);

	@Inject
	Jsonb jsonb;

	@Inject
	PublicIdCodec codec;

	@Inject
	SnowflakeIdGenerator generator;

	@Test
	void publicIdsAreTokensOutAndIn() {
		Voucher voucher = new Voucher();
		voucher.id = this.generator.nextId();
		voucher.setIssuerId(Long.toString(this.generator.nextId()));
		String json = this.jsonb.toJson(voucher);
		assertThat(json).contains("\"id\":\"" + this.codec.encode(voucher.id) + "\"",
				"\"issuerId\":\"" + this.codec.encode(Long.parseLong(voucher.getIssuerId())) + "\"")
			.doesNotContain(Long.toString(voucher.id)).doesNotContain(voucher.getIssuerId());
		Voucher read = this.jsonb.fromJson(json, Voucher.class);
		assertThat(read.id).isEqualTo(voucher.id);
		assertThat(read.getIssuerId()).isEqualTo(voucher.getIssuerId());
	}

	/** JSON null is an absent public id; a JSON value of another kind is refused as no token. */
	@Test
	void nullIsNullAndOtherValuesAreRefused() {
		assertThat(this.jsonb.fromJson("{\"id\":null}", Voucher.class).id).isNull();
		for (String json : new String[] { "{\"id\":true}", "{\"id\":{}}", "{\"id\":[\"x\"]}" }) {
			assertThatThrownBy(() -> this.jsonb.fromJson(json, Voucher.class)).as(json)
				.hasStackTraceContaining("a public id is a token");
		}
	}

	@Test
	void aRawIdIsRefused() {
		long id = this.generator.nextId();
		for (String json : new String[] { "{\"id\":" + id + "}", "{\"id\":\"" + id + "\"}" }) {
			assertThatThrownBy(() -> this.jsonb.fromJson(json, Voucher.class)).as(json)
				.hasStackTraceContaining("Invalid public id");
		}
	}
}
