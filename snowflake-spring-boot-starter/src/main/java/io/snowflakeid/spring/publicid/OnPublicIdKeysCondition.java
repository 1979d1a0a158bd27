package io.snowflakeid.spring.publicid;

import java.util.Map;

import io.snowflakeid.publicid.PublicIdCodec;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/** Matches when at least one {@code snowflake.public-id.keys.*} entry is set (never shows its value). */
final class OnPublicIdKeysCondition extends SpringBootCondition {

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		Map<String, String> keys = Binder.get(context.getEnvironment())
			.bind(PublicIdCodec.KEYS, Bindable.mapOf(String.class, String.class))
			.orElse(Map.of());
		return keys.isEmpty() ? ConditionOutcome.noMatch("no " + PublicIdCodec.KEYS + ".* property")
				: ConditionOutcome.match(PublicIdCodec.KEYS + " versions " + keys.keySet());
	}
}
