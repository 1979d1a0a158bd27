package io.snowflakeid.quarkus.qute;

import io.quarkus.qute.TemplateExtension;
import io.quarkus.qute.TemplateGlobal;
import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.quarkus.qute.AttackModels.AttackPlain;

/** Shapes of {@code @PublicId} that Qute reads past any resolver: the build refuses them (PublicIdQuteRefusedTest). */
final class AttackRefusedModels {

	private AttackRefusedModels() {
	}

	/** A template extension method annotated @PublicId: {@code {p.ref}}. */
	public static class AttackExtensions {

		@TemplateExtension
		@PublicId
		static Long ref(AttackPlain plain) {
			return plain.internal;
		}
	}

	/** A template global annotated @PublicId: {@code {attackAdminId}}. */
	public static class AttackGlobals {

		@TemplateGlobal
		@PublicId
		static Long attackAdminId = 1234567890123456L;
	}

}
